/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { drained } from '../test/support/drained';
import { runMeasuringChild } from './child';
import { check, int, type Log, ms, ratio, table } from './common';
import { BIG_QUERY, SMALL_QUERY, TINY_ROWS_QUERY } from './queryResults-child';

const ROWS = 500_000;
/** Rows of a results CSV of tiny rows (2 bytes each: 33 MB), as the issue that bounded Get Results in rows measured. */
const TINY_ROWS = 16_500_000;

export interface QueryResultsRow {
	mode: 'node' | 'whole' | 'stream' | 'refuse';
	rows: number;
	/** `refuse`: the node's error. */
	refused?: string;
	wallMs: number;
	peakHeapGrowthMb: number;
	peakRssGrowthMb: number;
	/** Bytes of the file the storage host had sent when the reader left. */
	sentBytes: number;
	fileBytes: number;
}

/** A results CSV of `rows` rows in the sandbox's columns. */
function resultsCsv(rows: number): Buffer {
	const lines = ['row_number,asset_id,asset_type,path,score'];
	for (let i = 0; i < rows; i++) {
		lines.push(
			`${i},00000000-0000-4000-8000-${String(i).padStart(12, '0')},image,s3://media-bucket/images/2026/11/asset-${i}.jpg,0.${String(i % 1000).padStart(3, '0')}`,
		);
	}
	return Buffer.from(`${lines.join('\n')}\n`);
}

/** Writes `file` in 64 KB pieces as fast as the reader takes them; resolves with the bytes sent when done or left. */
async function serveFile(res: ServerResponse, file: Buffer): Promise<number> {
	res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(file.length) });
	let sent = 0;
	while (sent < file.length && !res.destroyed) {
		const piece = file.subarray(sent, sent + 64 * 1024);
		sent += piece.length;
		if (!res.write(piece)) await drained(res);
	}
	res.end();
	return sent;
}

async function runChild(
	baseUrl: string,
	mode: QueryResultsRow['mode'],
): Promise<Omit<QueryResultsRow, 'sentBytes' | 'fileBytes'>> {
	const script = join(__dirname, 'queryResults-child.ts');
	return (
		await runMeasuringChild<Omit<QueryResultsRow, 'sentBytes' | 'fileBytes'>>(script, {
			BENCH_STORAGE_URL: baseUrl,
			BENCH_MODE: mode,
		})
	).result;
}

/**
 * Get Results (Rows) with Limit 3 on a 53 MB results CSV: the node, what it did before (the whole file parsed), and
 * a plain streaming script, each in its own process against one local storage host that counts what it sent. Then
 * the node with Return All on a 33 MB CSV of tiny rows (before its row bound: a heap 1.3 GB larger after 33 MB).
 */
export async function runQueryResults(log: Log): Promise<QueryResultsRow[]> {
	const files: Record<string, Buffer> = {
		[SMALL_QUERY]: resultsCsv(100),
		[BIG_QUERY]: resultsCsv(ROWS),
		[TINY_ROWS_QUERY]: Buffer.from(`n\n${'1\n'.repeat(TINY_ROWS)}`),
	};
	const sent: number[] = [];
	const server = createServer((req, res) => {
		const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
		const link = /^\/api\/v1\/queries\/([^/]+)\/results$/.exec(path);
		const file = /^\/files\/([^/]+)\.csv$/.exec(path);
		if (file && files[file[1]]) {
			void serveFile(res, files[file[1]]).then((bytes) => {
				if (file[1] !== SMALL_QUERY) sent.push(bytes);
			});
		} else if (path === '/api/v0/login' || link) {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(
				JSON.stringify(
					link
						? { query_id: link[1], download_url: `${base}/files/${link[1]}.csv` }
						: { access_token: 'access', token_type: 'Bearer', expires_in: 3600 },
				),
			);
		} else {
			res.writeHead(404);
			res.end();
		}
	});
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	try {
		const rows: QueryResultsRow[] = [];
		for (const mode of ['node', 'whole', 'stream', 'refuse'] as const) {
			sent.length = 0;
			const result = await runChild(base, mode);
			for (let wait = 0; sent.length === 0 && wait < 100; wait++) await new Promise((done) => setTimeout(done, 20));
			if (mode === 'refuse') {
				check(
					result.rows === 0 && /hold more than 200,000 rows/.test(result.refused ?? ''),
					`refuse: ${result.rows} rows, ${result.refused ?? 'no error'}`,
				);
			} else {
				check(result.rows === 3, `${mode}: ${result.rows} rows, expected 3`);
			}
			rows.push({
				...result,
				sentBytes: sent[0] ?? Number.NaN,
				fileBytes: files[mode === 'refuse' ? TINY_ROWS_QUERY : BIG_QUERY].length,
			});
			log(
				`query results ${mode}: peak heap +${result.peakHeapGrowthMb.toFixed(1)} MB, ${ms(result.wallMs)}, sent ${int(sent[0] ?? 0)} bytes`,
			);
		}
		return rows;
	} finally {
		server.closeAllConnections();
		await new Promise<void>((done) => server.close(() => done()));
	}
}

export const QUERY_RESULTS_LABELS: Record<QueryResultsRow['mode'], string> = {
	node: 'Queries node, Get Results (Rows), Limit 3 (engine)',
	whole: 'the same before this change: whole file as text, every row parsed, first 3 kept',
	stream: 'plain script: lines as they arrive, connection closed after 3 rows',
	refuse:
		'Queries node, Get Results (Rows), Return All on a 33 MB CSV of 16.5 million tiny rows: refused at the 200,000-row bound (engine)',
};

export function queryResultsTable(rows: QueryResultsRow[]): string {
	const node = rows.find((row) => row.mode === 'node');
	const mb = (value: number) => `${value.toFixed(1)} MB`;
	return table(
		[
			'way',
			'file',
			'bytes the host sent before the reader left',
			'peak heap growth',
			'peak RSS growth',
			'wall time',
			'peak heap vs node',
		],
		rows.map((row) => [
			QUERY_RESULTS_LABELS[row.mode],
			`${(row.fileBytes / 1e6).toFixed(1)} MB`,
			`${int(row.sentBytes)} (${((row.sentBytes / row.fileBytes) * 100).toFixed(1)}%)`,
			mb(row.peakHeapGrowthMb),
			mb(row.peakRssGrowthMb),
			ms(row.wallMs),
			node ? ratio(row.peakHeapGrowthMb, node.peakHeapGrowthMb) : 'n/a',
		]),
	);
}
