/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Reading query results files (CSV, JSON) into rows, as Get Results does with Output "Rows", and the download of
 * that file from a storage host that misbehaves. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { MediaAnalysisApi } from '../../credentials/MediaAnalysisApi.credentials';
import { MediaAnalysisQueries } from '../../nodes/MediaAnalysisQueries/MediaAnalysisQueries.node';
import { CsvReader, formatOf, parseCsv, parseJsonRows } from '../../nodes/MediaAnalysisQueries/actions/query/results';
import { DOWNLOAD } from '../../nodes/shared/transport/download';
import { RESULT_COLUMNS, toCsv } from '../../sandbox/queries/model';
import { createHarness, type Harness } from '../harness/engine';
import { drained } from '../support/drained';

describe('parseCsv', () => {
	test('reads RFC 4180: quotes, doubled quotes, commas and line breaks inside fields, CRLF or LF', () => {
		const text = 'name,note,count\r\n"Smith, J.","said ""hi""\nthen left",3\nplain,,007\n';
		expect(parseCsv(text)).toEqual([
			{ name: 'Smith, J.', note: 'said "hi"\nthen left', count: 3 },
			{ name: 'plain', note: '', count: '007' },
		]);
	});

	test('numbers become numbers only when the text is exactly that number', () => {
		expect(parseCsv('a,b,c,d\n1.5,1.50,-2,1e3\n')).toEqual([{ a: 1.5, b: '1.50', c: -2, d: '1e3' }]);
	});

	test('a file without a trailing line break, or with only a header, reads correctly', () => {
		expect(parseCsv('a,b\n1,2')).toEqual([{ a: 1, b: 2 }]);
		expect(parseCsv('a,b\n')).toEqual([]);
		expect(parseCsv('')).toEqual([]);
	});

	test('round-trips what the sandbox writes', () => {
		const rows = [{ row_number: 1, asset_id: 'x', asset_type: 'image', path: 'a,"b".jpg', score: 0.25 }];
		expect(parseCsv(toCsv(rows))).toEqual(rows);
		expect(Object.keys(parseCsv(toCsv(rows))[0])).toEqual([...RESULT_COLUMNS]);
	});
});

describe('parseJsonRows and formatOf', () => {
	test('an array, a {data} or {rows} wrapper, or JSON Lines', () => {
		expect(parseJsonRows('[{"a":1},{"a":2}]')).toEqual([{ a: 1 }, { a: 2 }]);
		expect(parseJsonRows('{"data":[{"a":1}]}')).toEqual([{ a: 1 }]);
		expect(parseJsonRows('{"rows":[{"a":1}]}')).toEqual([{ a: 1 }]);
		expect(parseJsonRows('{"a":1}\n{"a":2}\n')).toEqual([{ a: 1 }, { a: 2 }]);
		expect(parseJsonRows('not json')).toBeUndefined();
	});

	test('the format comes from the content type, else from the first bytes', () => {
		expect(formatOf('text/csv; charset=utf-8', 'a,b')).toBe('csv');
		expect(formatOf('application/json', '[]')).toBe('json');
		expect(formatOf('application/octet-stream', 'PAR1....')).toBe('parquet');
		expect(formatOf('', '[{"a":1}]')).toBe('json');
		expect(formatOf('', 'a,b\n1,2')).toBe('csv');
		expect(formatOf('application/octet-stream', '\u0000\u0001')).toBe('unknown');
	});
});

describe('CsvReader', () => {
	test('gives the same rows whatever the chunk boundaries (inside quotes, between "" and between CR and LF)', () => {
		const text = 'name,note,count\r\n"Smith, J.","said ""hi""\r\nthen left",3\r\nplain,,007\r\n\r\nlast,"x",1';
		const whole = parseCsv(text);
		expect(whole).toHaveLength(3);
		for (let cut = 1; cut < text.length; cut++) {
			const reader = new CsvReader();
			expect([...reader.push(text.slice(0, cut)), ...reader.push(text.slice(cut)), ...reader.end()]).toEqual(whole);
		}
		const reader = new CsvReader();
		expect([...text].flatMap((char) => reader.push(char)).concat(reader.end())).toEqual(whole);
	});
});

/* ---------------------------------------------------------------------------------------------
 * Get Results (Rows) against a storage host that misbehaves: the service's link points at it.
 * ------------------------------------------------------------------------------------------- */

const QUERY_ID = '6b0e3c1a-2f4d-4e5a-9b8c-7d6e5f4a3b2c';
const TYPE = 'n8n-nodes-media-analysis.mediaAnalysisQueries';
const ROW = 'row_number,asset_id,asset_type,path,score\n';
const rowAt = (i: number) => `${i},00000000-0000-4000-8000-${String(i).padStart(12, '0')},image,https://media.example.com/${i}.jpg,0.${i % 10}\n`;

interface StorageFile {
	contentType: string;
	/** Writes the file; resolves once everything was written or the client went away. */
	send(res: ServerResponse): Promise<void>;
}

let storage: Server;
let base: string;
let file: StorageFile;
let link: unknown;
let fileRequests: IncomingMessage['headers'][];
let harness: Harness;

beforeAll(async () => {
	storage = createServer((req, res) => {
		const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
		const api = path === '/api/v0/login' ? { access_token: 'access', token_type: 'Bearer', expires_in: 3600 } : path === `/api/v1/queries/${QUERY_ID}/results` ? link : undefined;
		if (api !== undefined) {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify(api));
			return;
		}
		fileRequests.push(req.headers);
		res.writeHead(200, { 'content-type': file.contentType });
		void file.send(res);
	});
	await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
	harness = createHarness({ nodeTypes: { [TYPE]: new MediaAnalysisQueries() }, credentialTypes: [new MediaAnalysisApi()] });
});
afterAll(async () => {
	harness?.dispose();
	storage.closeAllConnections();
	await new Promise<void>((resolve) => storage.close(() => resolve()));
});
beforeEach(() => {
	fileRequests = [];
	link = { query_id: QUERY_ID, download_url: `${base}/bucket/results.csv?X-Signature=abc` };
	harness.credentials.set('mediaAnalysisApi', { baseUrl: base, authentication: 'personalToken', personalToken: 'personal', accessToken: '' });
});

const getRows = (limits: { returnAll?: boolean; limit?: number }) =>
	harness.runNode({
		type: TYPE,
		parameters: { resource: 'query', operation: 'getResults', queryId: { __rl: true, mode: 'id', value: QUERY_ID }, output: 'rows', ...limits },
	});

/** A CSV of `rows` rows written in chunks as fast as the client reads; counts what actually went out. */
function bigCsv(rows: number) {
	const sent = { bytes: 0, total: 0, finished: false };
	const chunk = (from: number) => Array.from({ length: 1000 }, (_, i) => rowAt(from + i)).join('');
	sent.total = Buffer.byteLength(ROW) + Array.from({ length: rows / 1000 }, (_, i) => Buffer.byteLength(chunk(i * 1000))).reduce((a, b) => a + b, 0);
	const served: StorageFile = {
		contentType: 'text/csv',
		async send(res) {
			res.write(ROW);
			sent.bytes += Buffer.byteLength(ROW);
			for (let from = 0; from < rows; from += 1000) {
				if (res.destroyed) return;
				const text = chunk(from);
				sent.bytes += Buffer.byteLength(text);
				if (!res.write(text)) await drained(res);
			}
			sent.finished = true;
			res.end();
		},
	};
	return { sent, served };
}

describe('Get Results (Rows) against the storage host', () => {
	test('Limit 3 on a 50 MB CSV reads the first rows and leaves: most of the file is never sent', async () => {
		const { sent, served } = bigCsv(500_000);
		file = served;
		const { items, error } = await getRows({ limit: 3 });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.row_number)).toEqual([0, 1, 2]);
		expect(sent.total).toBeGreaterThan(45_000_000);
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(sent.finished).toBe(false);
		expect(sent.bytes).toBeLessThan(sent.total / 10);
		expect(fileRequests[0].authorization).toBeUndefined();
	});

	test('an HTML page answered for the file is a clear error, not rows made of HTML', async () => {
		file = { contentType: 'text/html; charset=utf-8', send: async (res) => void res.end('<!DOCTYPE html><html><body>Sign in</body></html>') };
		const { items, error } = await getRows({ returnAll: true });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(new RegExp(`127.0.0.1:\\d+ answered with a web page \\(text/html; charset=utf-8\\) instead of the query results`));
		file = { contentType: 'text/plain', send: async (res) => void res.end('<html><body>Sign in</body></html>') };
		const plain = await getRows({ returnAll: true });
		expect(plain.error?.message).toMatch(/is a web page or XML document \(text\/plain\), not CSV or JSON/);
		expect(JSON.stringify(plain.error)).not.toContain('X-Signature');
	});

	test('a file larger than the download bound is refused with a clear error', async () => {
		const { served } = bigCsv(20_000);
		file = served;
		const saved = DOWNLOAD.maxBytes;
		DOWNLOAD.maxBytes = 256 * 1024;
		try {
			const { error } = await getRows({ returnAll: true });
			expect(error?.message).toMatch(/The query results file on 127.0.0.1:\d+ is larger than 0.25 MB, the most this node reads/);
		} finally {
			DOWNLOAD.maxBytes = saved;
		}
	});

	test('a file that stops arriving ends at the idle bound; one that trickles ends at the download deadline', async () => {
		const saved = { ...DOWNLOAD };
		try {
			file = { contentType: 'text/csv', send: async (res) => void res.write(ROW) }; // then nothing, never ends
			DOWNLOAD.idleMs = 500;
			const stalled = await getRows({ returnAll: true });
			expect(stalled.error?.message).toMatch(/127.0.0.1:\d+ sent nothing for 0.5 s while the query results was downloading/);
			file = {
				contentType: 'text/csv',
				async send(res) {
					res.write(ROW);
					for (let i = 0; i < 100 && !res.destroyed; i++) {
						await new Promise((resolve) => setTimeout(resolve, 50));
						res.write(rowAt(i));
					}
					res.end();
				},
			};
			DOWNLOAD.idleMs = 2000;
			DOWNLOAD.timeoutMs = 1000;
			const trickled = await getRows({ returnAll: true });
			expect(trickled.error?.message).toMatch(/Downloading the query results from 127.0.0.1:\d+ took longer than 1 s/);
		} finally {
			Object.assign(DOWNLOAD, saved);
		}
	});

	test('an answer without a download link is a clear error, not a TypeError', async () => {
		link = { query_id: QUERY_ID };
		const { error } = await getRows({ limit: 3 });
		expect(error?.message).toBe(`GET /api/v1/queries/${QUERY_ID}/results answered without a download link for the results`);
		expect(fileRequests).toHaveLength(0);
	});
});
