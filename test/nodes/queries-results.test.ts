/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Reading query results files (CSV, JSON) into rows, as Get Results does with Output "Rows", and the download of
 * that file from a storage host that misbehaves. */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

import { BinaryDataService } from 'n8n-core';
import type { IBinaryData } from 'n8n-workflow';

import { MediaAnalysisApi } from '../../credentials/MediaAnalysisApi.credentials';
import { MediaAnalysisQueries } from '../../nodes/MediaAnalysisQueries/MediaAnalysisQueries.node';
import {
	CsvError,
	CsvReader,
	formatOf,
	JsonScan,
	parseCsv,
	parseJsonRows,
	ROW_BOUNDS,
} from '../../nodes/MediaAnalysisQueries/actions/query/results';
import { parseBody } from '../../nodes/shared/http/answers';
import { DOWNLOAD } from '../../nodes/shared/transport/download';
import { toCsv } from '../../sandbox/queries/model';
import { Container } from '../harness/container';
import { createHarness, type Harness } from '../harness/engine';
import { drained } from '../support/drained';
import { byId } from '../support/locators';

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

	test('nothing dropped: extra cells by position, repeated and empty names apart, never as a name the header holds', () => {
		expect(parseCsv('id,name,id\n1,a,2,x,y\n3\n')).toEqual([
			{ id: 1, name: 'a', id_2: 2, column_4: 'x', column_5: 'y' },
			// A row short of cells has the header's columns, empty; not the extra cells of another row.
			{ id: 3, name: '', id_2: '' },
		]);
		expect(parseCsv('a,,column_2,a_2,a,column_6\n1,2,3,4,5,6,7\n')).toEqual([
			{ a: 1, column_2_2: 2, column_2: 3, a_2: 4, a_3: 5, column_6: 6, column_7: 7 },
		]);
		expect(Object.keys(parseCsv('x,column_3\n1,2,3\n')[0])).toEqual(['x', 'column_3', 'column_3_2']);
		// A quoted empty cell on a line of its own is a row; a blank line is not.
		expect(parseCsv('a\n""\n\n1\n')).toEqual([{ a: '' }, { a: 1 }]);
	});

	test('CR alone ends a record too, also inside a file of CRLF and LF', () => {
		expect(parseCsv('a,b\r1,"x\ry"\r2,3\r\n4,5\n')).toEqual([
			{ a: 1, b: 'x\ry' },
			{ a: 2, b: 3 },
			{ a: 4, b: 5 },
		]);
	});

	test('quoting that breaks the rules is an error naming the line and column, never rows merged into one cell', () => {
		const failure = (text: string) => {
			try {
				return parseCsv(text);
			} catch (error) {
				expect(error).toBeInstanceOf(CsvError);
				return (error as Error).message;
			}
		};
		const neverCloses = 'a quoted field begins here and never closes: the file ends inside it';
		const stray =
			'a quote inside a field that does not begin with one (a field holding quotes is wrapped in quotes, its quotes doubled)';
		const after = (char: string, on = '') =>
			`a quoted field begins here and has "${char}" after its closing quote${on}, where a comma or line break belongs (a quote never closed, or a quote inside not doubled)`;
		// The files: 2 of 4 rows, 1 of 4 rows before.
		expect(failure('id,name\n1,alpha\n"beta,2\n3,gamma\n4,delta\n')).toBe(`line 3, column 1 ("id"): ${neverCloses}`);
		expect(failure('id,item\n1,27" monitor\n2,mouse\n3,"pad"\n4,cable\n')).toBe(`line 2, column 2 ("item"): ${stray}`);
		expect(failure('id,name\n1,"ab"c\n')).toBe(`line 2, column 2 ("name"): ${after('c')}`);
		// A quote left open meets the next quoted field: named where it began, and where it ran to.
		expect(failure('id,name\r\n1,"beta\r\n2,"gamma"\r\n')).toBe(
			`line 2, column 2 ("name"): ${after('g', ' on line 3')}`,
		);
		// Line breaks inside quoted fields count (CR, LF, CRLF), as an editor shows the file.
		expect(failure('a,b\r"x\r\ny\rz\n",1\r2,3"\r')).toBe(`line 6, column 2 ("b"): ${stray}`);
		expect(failure('"a,b\n1,2\n')).toBe(`line 1, column 1: ${neverCloses}`);
		expect(failure('a,b\n1,"2" \n')).toBe(`line 2, column 2 ("b"): ${after(' ')}`);
	});

	test('round-trips what the sandbox writes', () => {
		const columns = ['coactive_image_id', 'path', 'metadata', 'beach', 'note'];
		const rows = [
			['x', 'a,"b".jpg', '{"topic":"beach","index":0}', 0.25, null],
			['y', 'line\nbreak.jpg', '{}', 1, 'kept'],
		];
		const read = parseCsv(toCsv(columns, rows));
		// NULL is an empty field, read back as empty text.
		expect(read).toEqual(rows.map((row) => Object.fromEntries(columns.map((name, i) => [name, row[i] ?? '']))));
		expect(Object.keys(read[0])).toEqual(columns);
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

	test('an entry that is not an object is a row too, as value: none is dropped', () => {
		expect(parseJsonRows('[{"a":1},2,"x",null,[3]]')).toEqual([
			{ a: 1 },
			{ value: 2 },
			{ value: 'x' },
			{ value: null },
			{ value: [3] },
		]);
		expect(parseJsonRows('{"data":[1,{"a":2}]}')).toEqual([{ value: 1 }, { a: 2 }]);
		expect(parseJsonRows('{"a":1}\n7\n')).toEqual([{ a: 1 }, { value: 7 }]);
	});

	test('the format comes from the content type, else from the first bytes', () => {
		expect(formatOf('text/csv; charset=utf-8', 'a,b')).toBe('csv');
		expect(formatOf('application/json', '[]')).toBe('json');
		expect(formatOf('application/octet-stream', 'PAR1....')).toBe('parquet');
		expect(formatOf('', '[{"a":1}]')).toBe('json');
		expect(formatOf('', 'a,b\n1,2')).toBe('csv');
		expect(formatOf('application/octet-stream', '\u0000\u0001')).toBe('unknown');
	});

	test('a generic content type (octet-stream, none) leaves the format to the content', () => {
		for (const type of [
			'application/octet-stream',
			'binary/octet-stream',
			'Binary/Octet-Stream; charset=utf-8',
			'application/vnd.ms-excel',
			'',
		]) {
			expect(formatOf(type, 'id,name\r\n1,"a"\r\n')).toBe('csv');
			expect(formatOf(type, ' [{"a":1}]')).toBe('json');
			expect(formatOf(type, '\u001f\ufffd\b\u0000gzip')).toBe('unknown');
		}
		expect(formatOf('application/zip', 'id,name\n')).toBe('unknown');
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

	/** The rows, or the error's message, of `text` read in the pieces `cuts` make. */
	const readIn = (text: string, cuts: number[]) => {
		const reader = new CsvReader();
		try {
			const rows = [];
			for (let i = 0, from = 0; i <= cuts.length; from = cuts[i++])
				rows.push(...reader.push(text.slice(from, cuts[i] ?? text.length)));
			return [...rows, ...reader.end()];
		} catch (error) {
			return (error as Error).message;
		}
	};

	test('every construct cut anywhere, in two and in three pieces: the same rows, the same error and line', () => {
		const texts = [
			// Repeated and empty names, extra and missing cells, CR / LF / CRLF ends inside and outside quotes, "".
			'id,,id\r1,"a\r\nb",2,"x""y"\r\n3\n"",4,"5\r"\r\n',
			// Each breaks the rules after some good rows.
			'a,b\r\n1,"x\r\ny"\r\n2,3" in\r\n',
			'a,b\r1,"x\ry"\r2,"ab"c\r',
			'a,b\n1,"x\r\ny\n2,z\n',
		];
		for (const text of texts) {
			const whole = readIn(text, []);
			for (let first = 1; first < text.length; first++) {
				expect(readIn(text, [first])).toEqual(whole);
				for (let second = first + 1; second < text.length; second++)
					expect(readIn(text, [first, second])).toEqual(whole);
			}
		}
		expect(readIn(texts[0], [])).toEqual([
			{ id: 1, column_2: 'a\r\nb', id_2: 2, column_4: 'x"y' },
			{ id: 3, column_2: '', id_2: '' },
			{ id: '', column_2: 4, id_2: '5\r' },
		]);
		expect(readIn(texts[1], [])).toMatch(/^line 4, column 2 \("b"\): a quote inside a field/);
		expect(readIn(texts[2], [])).toMatch(
			/^line 4, column 2 \("b"\): a quoted field begins here and has "c" after its closing quote,/,
		);
		expect(readIn(texts[3], [])).toMatch(/^line 2, column 2 \("b"\): a quoted field begins here and never closes/);
	});

	test('broken quoting after good rows of one chunk: those rows first, the error on the next read', () => {
		const reader = new CsvReader();
		expect(reader.push('a\n1\n2"\n3\n')).toEqual([{ a: 1 }]);
		expect(() => reader.push('4\n')).toThrow('line 3, column 1 ("a"): a quote inside a field');
		expect(() => reader.end()).toThrow(CsvError);
		expect(() => new CsvReader().push('a\n2"\n')).toThrow(CsvError);
	});
});

describe('JsonScan', () => {
	/** The text up to the cut (closed), or all of it, as parseJsonRows reads it; with the scan's counts. */
	const scanned = (text: string, wanted: number, cutAt = 7) => {
		const scan = new JsonScan(wanted);
		let kept = '';
		for (let from = 0; from < text.length; from += cutAt) {
			const piece = text.slice(from, from + cutAt);
			const cut = scan.push(piece);
			if (scan.tooDeep) return { scan, rows: undefined };
			if (cut !== undefined) return { scan, rows: parseJsonRows(kept + piece.slice(0, cut) + scan.closers()) };
			kept += piece;
		}
		return { scan, rows: parseJsonRows(kept) };
	};

	test('counts rows as parseJsonRows finds them, and cuts after the wanted-th into whole JSON', () => {
		const array = '[{"a":1},{"a":"x,]}\\"{"},{"b":[{"c":1}]},7]';
		expect(scanned(array, Infinity).scan.rows).toBe(3);
		expect(scanned(array, 2).rows).toEqual([{ a: 1 }, { a: 'x,]}"{' }]);
		const wrapped = '{"total": 3, "data": [{"a":1},{"a":2},{"a":3}], "next": null}';
		expect(scanned(wrapped, Infinity).scan.rows).toBe(3);
		expect(scanned(wrapped, 2).rows).toEqual([{ a: 1 }, { a: 2 }]);
		expect(scanned('{"rows": [{"a":1},{"a":2}]}', 1).rows).toEqual([{ a: 1 }]);
		expect(scanned('{"a":1}\n{"a":2}\n{"a":3}\n', 2).rows).toEqual([{ a: 1 }, { a: 2 }]);
		// One object that is not a wrapper is one row, whatever lists of objects it holds.
		expect(scanned('{"items": [{"a":1},{"a":2}]}', 1).rows).toEqual([{ items: [{ a: 1 }, { a: 2 }] }]);
		expect(scanned('{"d\\"ata": [{"a":1},{"a":2}]}', 1).rows).toEqual([{ 'd"ata': [{ a: 1 }, { a: 2 }] }]);
	});

	test('stops past the nesting bound; counts what parsing would make', () => {
		const depth = ROW_BOUNDS.maxDepth;
		expect(scanned(`[${'{"a":'.repeat(depth - 1)}1${'}'.repeat(depth - 1)}]`, Infinity).scan.tooDeep).toBe(false);
		expect(scanned(`[${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}]`, Infinity).scan.tooDeep).toBe(true);
		const numbers = scanned(`[${'1,'.repeat(999)}1]`, Infinity).scan;
		expect(numbers.rows).toBe(0);
		expect(numbers.cost).toBeGreaterThan(1000 * 16);
	});
});

/* ---------------------------------------------------------------------------------------------
 * Get Results (Rows) against a storage host that misbehaves: the service's link points at it.
 * ------------------------------------------------------------------------------------------- */

const QUERY_ID = '6b0e3c1a-2f4d-4e5a-9b8c-7d6e5f4a3b2c';
const TYPE = 'n8n-nodes-media-analysis.mediaAnalysisQueries';
const ROW = 'row_number,asset_id,asset_type,path,score\n';
const rowAt = (i: number) =>
	`${i},00000000-0000-4000-8000-${String(i).padStart(12, '0')},image,https://media.example.com/${i}.jpg,0.${i % 10}\n`;

interface StorageFile {
	contentType: string;
	headers?: Record<string, string>;
	/** Sends the status line, then trickles one header byte by byte and never ends it. */
	trickleHeaders?: boolean;
	/** Writes the file; resolves once everything was written or the client went away. */
	send(res: ServerResponse): Promise<void>;
}

let storage: Server;
let base: string;
let file: StorageFile;
let link: unknown;
let fileRequests: IncomingMessage['headers'][];
/** What the service's answers start with (a byte order mark), the status of the link's, and the logins asked. */
let answerPrefix: string;
let linkStatus: number;
let logins: number;
let harness: Harness;

beforeAll(async () => {
	storage = createServer((req, res) => {
		const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
		const api =
			path === '/api/v0/login'
				? { access_token: 'access', token_type: 'Bearer', expires_in: 3600 }
				: path === `/api/v1/queries/${QUERY_ID}/results`
					? link
					: undefined;
		if (api !== undefined) {
			if (path === '/api/v0/login') logins++;
			res.writeHead(path === '/api/v0/login' ? 200 : linkStatus, { 'content-type': 'application/json' });
			res.end(answerPrefix + JSON.stringify(api));
			return;
		}
		fileRequests.push(req.headers);
		if (file.trickleHeaders) {
			// A status line, then a header a byte at a time, never finished: the answer never starts.
			const socket = req.socket;
			socket.write('HTTP/1.1 200 OK\r\nx-slow: ');
			const tick = setInterval(() => (socket.destroyed ? clearInterval(tick) : socket.write('a')), 50);
			socket.once('close', () => clearInterval(tick));
			return;
		}
		res.writeHead(200, { ...(file.contentType === '' ? {} : { 'content-type': file.contentType }), ...file.headers });
		void file.send(res);
	});
	await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
	harness = createHarness({
		nodeTypes: { [TYPE]: new MediaAnalysisQueries() },
		credentialTypes: [new MediaAnalysisApi()],
	});
});
afterAll(async () => {
	harness?.dispose();
	storage.closeAllConnections();
	await new Promise<void>((resolve) => storage.close(() => resolve()));
});
beforeEach(() => {
	fileRequests = [];
	answerPrefix = '';
	linkStatus = 200;
	logins = 0;
	link = { query_id: QUERY_ID, download_url: `${base}/bucket/results.csv?X-Signature=abc` };
	harness.credentials.set('mediaAnalysisApi', {
		baseUrl: base,
		authentication: 'personalToken',
		personalToken: 'personal',
		accessToken: '',
	});
});

const getRows = (
	limits: { returnAll?: boolean; limit?: number },
	options: Partial<Parameters<Harness['runNode']>[0]> = {},
) =>
	harness.runNode({
		type: TYPE,
		parameters: { resource: 'query', operation: 'getResults', queryId: byId(QUERY_ID), output: 'rows', ...limits },
		...options,
	});

/** A CSV of `rows` rows written in chunks as fast as the client reads; counts what actually went out. */
function bigCsv(rows: number) {
	const sent = { bytes: 0, total: 0, finished: false };
	const chunk = (from: number) => Array.from({ length: 1000 }, (_, i) => rowAt(from + i)).join('');
	sent.total =
		Buffer.byteLength(ROW) +
		Array.from({ length: rows / 1000 }, (_, i) => Buffer.byteLength(chunk(i * 1000))).reduce((a, b) => a + b, 0);
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
		file = {
			contentType: 'text/html; charset=utf-8',
			send: async (res) => void res.end('<!DOCTYPE html><html><body>Sign in</body></html>'),
		};
		const { items, error } = await getRows({ returnAll: true });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			new RegExp(`127.0.0.1:\\d+ answered with a web page \\(text/html; charset=utf-8\\) instead of the query results`),
		);
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
			expect(error?.message).toMatch(
				/The query results file on 127.0.0.1:\d+ is larger than 0.25 MB, the most this node reads/,
			);
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
			expect(stalled.error?.message).toMatch(
				/127.0.0.1:\d+ sent nothing for 0.5 s while the query results was downloading/,
			);
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

	test('headers trickled a byte at a time end at the idle bound in real time, said as such (not "sent nothing")', async () => {
		const saved = { ...DOWNLOAD };
		try {
			file = { contentType: 'text/csv', trickleHeaders: true, send: async () => undefined };
			DOWNLOAD.idleMs = 500;
			const started = Date.now();
			const { error } = await getRows({ returnAll: true });
			expect(error?.message).toMatch(
				/^127.0.0.1:\d+ did not finish starting its answer \(status and headers\) within 0.5 s for the query results$/,
			);
			expect(Date.now() - started).toBeLessThan(5000);
		} finally {
			Object.assign(DOWNLOAD, saved);
		}
	});

	test('an answer without a download link is a clear error, not a TypeError', async () => {
		link = { query_id: QUERY_ID };
		const { error } = await getRows({ limit: 3 });
		expect(error?.message).toBe(
			`GET /api/v1/queries/${QUERY_ID}/results answered without a download link for the results`,
		);
		expect(fileRequests).toHaveLength(0);
	});
});

/* ---------------------------------------------------------------------------------------------
 * Get Results (Rows) bounded in rows, memory and nesting, not only in bytes (issue 23, item 5).
 * ------------------------------------------------------------------------------------------- */

/** A file of `head`, `count` pieces and `tail`, written as fast as the client reads; counts what went out. */
function streamed(contentType: string, head: string, piece: (index: number) => string, count: number, tail = '') {
	const sent = { bytes: 0, total: Buffer.byteLength(head) + Buffer.byteLength(tail), finished: false };
	for (let i = 0; i < count; i++) sent.total += Buffer.byteLength(piece(i));
	const served: StorageFile = {
		contentType,
		async send(res) {
			for (let i = -1; i <= count; i++) {
				if (res.destroyed) return;
				const text = i === -1 ? head : i === count ? tail : piece(i);
				sent.bytes += Buffer.byteLength(text);
				if (!res.write(text)) await drained(res);
			}
			sent.finished = true;
			res.end();
		},
	};
	return { sent, served };
}

/**
 * The most a loopback connection's socket buffers hold (the sender's and the receiver's, at their largest): what a host
 * may have written beyond what the client read. Linux's limits when they can be read, else its defaults.
 */
function loopbackBufferBytes(): number {
	const largest = (file: string, fallback: number) => {
		try {
			return Number(readFileSync(file, 'utf8').trim().split(/\s+/)[2]) || fallback;
		} catch {
			return fallback;
		}
	};
	return (
		largest('/proc/sys/net/ipv4/tcp_wmem', 4 * 1024 * 1024) + largest('/proc/sys/net/ipv4/tcp_rmem', 6 * 1024 * 1024)
	);
}

/** Lets a storage host that is still writing notice that the client left. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

const LINK_ADVICE =
	'set Output to "File (Binary)" to get the whole file as binary data (up to 128 MB), or to "Download Link".';
const TINY = '1\n'.repeat(32_768);

describe('Get Results (Rows) within bounds', () => {
	test('a 33 MB CSV of tiny rows stops at 200,000 rows with a clear error, and the download ends there', async () => {
		const { sent, served } = streamed('text/csv', 'n\n', () => TINY, 500);
		file = served;
		const { items, error } = await getRows({ returnAll: true });
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`The results of query ${QUERY_ID} hold more than 200,000 rows, the most Get Results returns as items in one run`,
		);
		expect(error?.description).toBe(`Set a Limit of at most 200,000 rows, or ${LINK_ADVICE}`);
		expect(sent.total).toBeGreaterThan(32_000_000);
		await settle();
		expect(sent.finished).toBe(false);
		expect(sent.bytes).toBeLessThan(sent.total / 4);
	});

	test('a file at the bounds still gives every row: 200,000 CSV rows, and 200,000 JSON rows in a {data} wrapper', async () => {
		file = streamed('text/csv', 'n\n', (i) => `${i}\n`, ROW_BOUNDS.maxRows).served;
		const csv = await getRows({ returnAll: true });
		expect(csv.error).toBeUndefined();
		expect(csv.items).toHaveLength(200_000);
		expect([csv.items[0].json, csv.items[199_999].json]).toEqual([{ n: 0 }, { n: 199_999 }]);
		file = streamed(
			'application/json',
			'{"total":200000,"data":[',
			(i) => `${i ? ',' : ''}{"i":${i}}`,
			ROW_BOUNDS.maxRows,
			']}',
		).served;
		const json = await getRows({ returnAll: true });
		expect(json.error).toBeUndefined();
		expect(json.items).toHaveLength(200_000);
		expect(json.items[199_999].json).toEqual({ i: 199_999 });
	});

	test('rows whose cells pass the memory bound fail after the row that passes it; a Limit below it reads', async () => {
		const saved = ROW_BOUNDS.maxMemoryBytes;
		ROW_BOUNDS.maxMemoryBytes = 1024 * 1024;
		try {
			const text = 'x'.repeat(1000);
			const { sent, served } = streamed(
				'text/csv',
				'n,text\n',
				(i) => Array.from({ length: 64 }, (_, k) => `${i * 64 + k},${text}\n`).join(''),
				1000,
			);
			file = served;
			const { items, error } = await getRows({ returnAll: true });
			expect(items).toEqual([]);
			const passed = Number(/\(passed after (\d+) rows\)/.exec(error?.message ?? '')?.[1]);
			// About 2.3 KB estimated a row (its object and item, 2 cells, 1,000 characters at 2 bytes).
			expect(passed).toBeGreaterThan(400);
			expect(passed).toBeLessThan(500);
			expect(error?.message).toBe(
				`The results of query ${QUERY_ID} would take more than 1 MB of memory as items (passed after ${passed} rows), the most Get Results holds in one run`,
			);
			expect(error?.description).toBe(`Set a Limit of at most ${passed - 1} rows, or ${LINK_ADVICE}`);
			await settle();
			expect(sent.bytes).toBeLessThan(sent.total / 4);
			const limited = await getRows({ limit: passed - 1 });
			expect(limited.error).toBeUndefined();
			expect(limited.items).toHaveLength(passed - 1);
		} finally {
			ROW_BOUNDS.maxMemoryBytes = saved;
		}
	});

	test('a 100 MB JSON array of tiny objects stops at the row bound, and the download ends there', async () => {
		const piece = '{"a":1},'.repeat(8192);
		const { sent, served } = streamed('application/json', '[', () => piece, 1600, '{"a":1}]');
		file = served;
		const { items, error } = await getRows({ returnAll: true });
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`The results of query ${QUERY_ID} hold more than 200,000 rows, the most Get Results returns as items in one run`,
		);
		expect(sent.total).toBeGreaterThan(100_000_000);
		await settle();
		expect(sent.finished).toBe(false);
		// What the client read up to the bound, and at most what the host's socket buffers took after it: how far ahead
		// the storage host got depends on the kernel and the machine's load, not on the node.
		const readUpToBound = 200_001 * '{"a":1},'.length + piece.length;
		const mostSent = readUpToBound + loopbackBufferBytes() + piece.length;
		expect(mostSent).toBeLessThan(sent.total / 2);
		expect(sent.bytes).toBeLessThan(mostSent);
	});

	test('a JSON array of values that are no rows still counts toward memory: a clear error, no Limit advice', async () => {
		const saved = ROW_BOUNDS.maxMemoryBytes;
		ROW_BOUNDS.maxMemoryBytes = 4 * 1024 * 1024;
		try {
			const { sent, served } = streamed('application/json', '[', () => '1,'.repeat(32_768), 1000, '1]');
			file = served;
			const { error } = await getRows({ returnAll: true });
			expect(error?.message).toBe(
				`The results of query ${QUERY_ID} would take more than 4 MB of memory as items (passed after 0 rows), the most Get Results holds in one run`,
			);
			expect(error?.description).toBe(
				'Set Output to "File (Binary)" to get the whole file as binary data (up to 128 MB), or to "Download Link".',
			);
			await settle();
			expect(sent.bytes).toBeLessThan(sent.total / 4);
		} finally {
			ROW_BOUNDS.maxMemoryBytes = saved;
		}
	});

	test('JSON nested 200,000 levels deep is a clear error, not a stack overflow; 100 levels are read', async () => {
		for (const [open, close] of [
			['{"a":', '}'],
			['[', ']'],
		]) {
			file = {
				contentType: 'application/json',
				send: async (res) => void res.end(`[${open.repeat(200_000)}1${close.repeat(200_000)}]`),
			};
			const { items, error } = await getRows({ returnAll: true });
			expect(items).toEqual([]);
			expect(error?.message).toBe(
				`The results file of query ${QUERY_ID} nests JSON more than 100 levels deep, more than Get Results reads as rows`,
			);
			expect(error?.description).toBe(
				'Set Output to "File (Binary)" to get the file as binary data (up to 128 MB), or to "Download Link".',
			);
		}
		file = {
			contentType: 'application/json',
			send: async (res) => void res.end(`[${'{"a":'.repeat(99)}1${'}'.repeat(99)}]`),
		};
		const { items, error } = await getRows({ returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(JSON.stringify(items[0].json)).toBe(`${'{"a":'.repeat(99)}1${'}'.repeat(99)}`);
	});

	test('Limit on JSON reads the first rows and ends the download: an array, a {data} wrapper, JSON Lines', async () => {
		const rows = (from: number) => Array.from({ length: 1000 }, (_, k) => `{"i":${from + k}}`).join(',');
		const { sent, served } = streamed('application/json', '[', (i) => `${i ? ',' : ''}${rows(i * 1000)}`, 5000, ']');
		file = served;
		const { items, error } = await getRows({ limit: 3 });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
		expect(sent.total).toBeGreaterThan(50_000_000);
		await settle();
		expect(sent.finished).toBe(false);
		expect(sent.bytes).toBeLessThan(sent.total / 10);
		file = {
			contentType: 'application/json',
			send: async (res) => void res.end('{"total":3,"data":[{"i":0},{"i":1},{"i":2}],"next":null}'),
		};
		expect((await getRows({ limit: 2 })).items.map((item) => item.json)).toEqual([{ i: 0 }, { i: 1 }]);
		file = { contentType: 'application/x-ndjson', send: async (res) => void res.end('{"i":0}\n{"i":1}\n{"i":2}\n') };
		expect((await getRows({ limit: 2 })).items.map((item) => item.json)).toEqual([{ i: 0 }, { i: 1 }]);
		expect((await getRows({ returnAll: true })).items).toHaveLength(3);
	});

	test('the bounds hold for one run: a second item gets what the first left, and says so', async () => {
		file = streamed('text/csv', 'n\n', () => TINY, 5).served; // 163,840 rows
		const { items, error } = await getRows({ returnAll: true }, { inputItems: [{}, {}], continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(163_841);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[163_840]).toEqual({
			json: {
				error: `The results of query ${QUERY_ID} hold more than 36,160 rows, what is left of the 200,000 Get Results returns as items in one run after 163,840 rows for earlier items`,
				description: `Set a Limit of at most 36,160 rows, or ${LINK_ADVICE}`,
			},
			pairedItem: { item: 1 },
		});
	});
});

/* ---------------------------------------------------------------------------------------------
 * Get Results with Output "File (Binary)": the results file as n8n binary data.
 * ------------------------------------------------------------------------------------------- */

const getFile = (parameters: Record<string, unknown> = {}, options: Partial<Parameters<Harness['runNode']>[0]> = {}) =>
	harness.runNode({
		type: TYPE,
		parameters: {
			resource: 'query',
			operation: 'getResults',
			queryId: byId(QUERY_ID),
			output: 'binary',
			...parameters,
		},
		...options,
	});

const contentOf = async (binary: IBinaryData | undefined) =>
	await Container.get(BinaryDataService).getAsBuffer(binary as IBinaryData);

describe('Get Results (File)', () => {
	const csv = Buffer.from(`${ROW}${Array.from({ length: 2000 }, (_, i) => rowAt(i)).join('')}`);

	test('one item with the file as binary data: its content, type and name, on disk and in memory', async () => {
		file = {
			contentType: 'text/csv; charset=utf-8',
			headers: { 'content-disposition': 'attachment; filename="results 2026.csv"' },
			send: async (res) => void res.end(csv),
		};
		for (const binaryDataMode of ['filesystem', 'default'] as const) {
			const { items, error } = await getFile({}, { binaryDataMode });
			expect(error).toBeUndefined();
			expect(items).toHaveLength(1);
			expect(items[0].json).toEqual({
				query_id: QUERY_ID,
				file_name: 'results 2026.csv',
				mime_type: 'text/csv; charset=utf-8',
				bytes: csv.length,
			});
			expect(items[0].binary?.data).toMatchObject({
				fileName: 'results 2026.csv',
				mimeType: 'text/csv; charset=utf-8',
				fileExtension: 'csv',
			});
			expect((await contentOf(items[0].binary?.data)).equals(csv)).toBe(true);
		}
		expect(fileRequests.every((headers) => headers.authorization === undefined)).toBe(true);
		// Compressed on the wire: the announced length is the compressed one, and the file is larger.
		const packed = gzipSync(csv);
		file = {
			contentType: 'text/csv',
			headers: { 'content-encoding': 'gzip', 'content-length': String(packed.length) },
			send: async (res) => void res.end(packed),
		};
		const { items } = await getFile();
		expect(items[0].json.bytes).toBe(csv.length);
		expect((await contentOf(items[0].binary?.data)).equals(csv)).toBe(true);
	});

	test('any format byte for byte, sent without a length; the name from the link when no Content-Disposition; another field', async () => {
		const parquet = Buffer.concat([
			Buffer.from('PAR1'),
			Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 131) % 256)),
			Buffer.from('PAR1'),
		]);
		link = { query_id: QUERY_ID, download_url: `${base}/bucket/run%201/r%C3%A9sultats.parquet?X-Signature=abc` };
		file = {
			contentType: 'application/octet-stream',
			async send(res) {
				for (let at = 0; at < parquet.length; at += 10_000)
					if (!res.write(parquet.subarray(at, at + 10_000))) await drained(res);
				res.end();
			},
		};
		const { items, error } = await getFile({ binaryPropertyName: 'results' });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			query_id: QUERY_ID,
			file_name: 'résultats.parquet',
			mime_type: 'application/octet-stream',
			bytes: parquet.length,
		});
		expect(Object.keys(items[0].binary ?? {})).toEqual(['results']);
		expect((await contentOf(items[0].binary?.results)).equals(parquet)).toBe(true);
	});

	test('a file past the download cap is refused (no Limit to suggest); an empty field name is refused before any request', async () => {
		file = { contentType: 'text/csv', send: async (res) => void res.end(csv) };
		const saved = DOWNLOAD.maxBytes;
		DOWNLOAD.maxBytes = 64 * 1024;
		try {
			const { items, error } = await getFile();
			expect(items).toEqual([]);
			expect(error?.message).toMatch(
				/The query results file on 127.0.0.1:\d+ is larger than 0.0625 MB, the most this node reads/,
			);
			expect(error?.description).toBe(
				'Set Output to "Download Link" and fetch the file with a node made for large files.',
			);
		} finally {
			DOWNLOAD.maxBytes = saved;
		}
		fileRequests = [];
		const empty = await getFile({ binaryPropertyName: ' ' });
		expect(empty.error?.message).toBe('Invalid Put Output File in Field in item 0: it is empty');
		expect(fileRequests).toHaveLength(0);
	});
});

/* ---------------------------------------------------------------------------------------------
 * Get Results (Rows) of files that are not quite what they claim (issue 30, items 6 and 7): nothing dropped.
 * ------------------------------------------------------------------------------------------- */

/** A file written in the pieces given, each its own write a moment after the last. */
const inPieces = (contentType: string, ...pieces: Array<string | Buffer>): StorageFile => ({
	contentType,
	async send(res) {
		for (const piece of pieces) {
			if (res.destroyed) return;
			res.write(piece);
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
		res.end();
	},
});

const BOM = '\uFEFF';
const FIX_QUOTING =
	'No row of this file was returned, so none is lost or merged. Ask whoever wrote the file to fix its quoting, or set Output to "File (Binary)" to get the file as it is.';

describe('Get Results (Rows) of odd files', () => {
	test('CSV quoting that breaks the rules fails the item naming line and column, instead of merging the rest into a cell', async () => {
		const cases = [
			[
				'id,name\n1,alpha\n"beta,2\n3,gamma\n4,delta\n',
				'line 3, column 1 ("id"): a quoted field begins here and never closes: the file ends inside it',
			],
			[
				'id,item\n1,27" monitor\n2,mouse\n3,pad\n4,cable\n',
				'line 2, column 2 ("item"): a quote inside a field that does not begin with one',
			],
			[
				'id,item\r1,ok\r2,"ab"c\r3,ok\r',
				'line 3, column 2 ("item"): a quoted field begins here and has "c" after its closing quote',
			],
		];
		for (const [text, where] of cases) {
			// Cut inside every line, so the reader meets each problem across pieces.
			file = inPieces('text/csv', ...(text.match(/[^]{1,5}/g) ?? []));
			const { items, error } = await getRows({ returnAll: true });
			expect(items).toEqual([]);
			expect(error?.message.startsWith(`The results file of query ${QUERY_ID} is not valid CSV at ${where}`)).toBe(
				true,
			);
			expect(error?.description).toBe(FIX_QUOTING);
		}
		// A Limit met before the bad line reads the good rows: they are whole.
		file = inPieces('text/csv', 'id,item\n1,27 in\n2,mouse\n3,27" monitor\n');
		expect((await getRows({ limit: 2 })).items.map((item) => item.json)).toEqual([
			{ id: 1, item: '27 in' },
			{ id: 2, item: 'mouse' },
		]);
		// With Continue On Fail the item says so, paired.
		file = inPieces('text/csv', 'a\n"x\n');
		const failed = await getRows({ returnAll: true }, { continueOnFail: true });
		expect(failed.items).toEqual([
			{
				json: {
					error: `The results file of query ${QUERY_ID} is not valid CSV at line 2, column 1 ("a"): a quoted field begins here and never closes: the file ends inside it`,
					description: FIX_QUOTING,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('extra cells, repeated and empty column names and short rows keep every cell', async () => {
		file = inPieces('text/csv; charset=utf-8', 'id,name,id,', '\r\n1,a,2,,x,y\r', '\n3\r\n4,"d,""e""",5,6\r\n');
		const { items, error } = await getRows({ returnAll: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ id: 1, name: 'a', id_2: 2, column_4: '', column_5: 'x', column_6: 'y' },
			{ id: 3, name: '', id_2: '', column_4: '' },
			{ id: 4, name: 'd,"e"', id_2: 5, column_4: 6 },
		]);
	});

	test('a CSV served as binary/octet-stream, application/octet-stream or without a content type is read by its content', async () => {
		for (const contentType of ['binary/octet-stream', 'application/octet-stream', '']) {
			file = inPieces(contentType, 'id,name\n1,alpha\n2,"beta"\n');
			const { items, error } = await getRows({ returnAll: true });
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([
				{ id: 1, name: 'alpha' },
				{ id: 2, name: 'beta' },
			]);
			file = inPieces(contentType, '[{"id":1}]');
			expect((await getRows({ returnAll: true })).items.map((item) => item.json)).toEqual([{ id: 1 }]);
			// Bytes that are no text stay refused, not read as rows of garbage.
			file = inPieces(contentType, gzipSync('id,name\n1,alpha\n'));
			const binary = await getRows({ returnAll: true });
			expect(binary.error?.message).toBe(
				`The results file of query ${QUERY_ID} is not CSV or JSON (${contentType || 'no content type'}), which this node cannot read`,
			);
		}
	});

	test("a UTF-8 byte order mark before JSON or CSV is read past: the service's answers (login, link, error) and the file", async () => {
		answerPrefix = BOM;
		const bom = Buffer.from(BOM);
		// The mark split over the first pieces of the file.
		file = inPieces(
			'text/csv',
			bom.subarray(0, 1),
			bom.subarray(1, 2),
			Buffer.concat([bom.subarray(2), Buffer.from('id,name\r\n1,alpha\r\n')]),
		);
		const csv = await getRows({ returnAll: true });
		expect(csv.error).toBeUndefined();
		expect(logins).toBeGreaterThan(0);
		expect(csv.items.map((item) => item.json)).toEqual([{ id: 1, name: 'alpha' }]);
		for (const contentType of ['application/json', 'binary/octet-stream']) {
			file = inPieces(contentType, `${BOM}[{"id":1},`, '{"id":2}]');
			const json = await getRows({ returnAll: true });
			expect(json.error).toBeUndefined();
			expect(json.items.map((item) => item.json)).toEqual([{ id: 1 }, { id: 2 }]);
		}
		// An error answer's detail is read through the mark too.
		linkStatus = 409;
		link = { detail: 'Query is not complete' };
		const refused = await getRows({ returnAll: true });
		expect(refused.error?.message).toContain('Query is not complete');
		expect(parseBody(Buffer.from(`${BOM}{"a":1}`))).toEqual({ kind: 'json', value: { a: 1 } });
		expect(parseBody(BOM)).toEqual({ kind: 'empty' });
	});
});
