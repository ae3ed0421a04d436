/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { DATASET } from './common';
import type { AnswerCapResult } from './answerCap-child';
import { runMeasuringChild } from './child';
import type { HttpRequestNode } from './httpRequestNode';
import { type Log, ms, table } from './common';

export type { AnswerCapResult };

/** What the stand-in's login hands out (it checks nothing). */
const ISSUED = 'bench-answer-cap-login';

/**
 * An API stand-in in this process (so the child's memory holds only the client): a login, and a dataset read
 * answered small until POST /__bench/large, then with a gzip body of 1 MB members that unpacks to `unpackedMb`.
 */
async function startBombServer(unpackedMb: number): Promise<{ url: string; server: Server }> {
	const member = gzipSync(Buffer.alloc(1024 * 1024, 0x20));
	const bomb = Buffer.concat(Array.from({ length: unpackedMb }, () => member));
	let large = false;
	const server = createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			if (req.url === '/__bench/large') {
				large = true;
				return void res.end();
			}
			if (req.url === '/api/v0/login') {
				res.writeHead(200, { 'content-type': 'application/json' });
				return void res.end(JSON.stringify({ access_token: ISSUED, token_type: 'Bearer', expires_in: 3600 }));
			}
			if (!large) {
				res.writeHead(200, { 'content-type': 'application/json' });
				return void res.end(JSON.stringify({ id: DATASET, name: 'small' }));
			}
			res.writeHead(200, {
				'content-type': 'application/json',
				'content-encoding': 'gzip',
				'content-length': bomb.length,
			});
			res.end(bomb);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function measure(
	mode: 'node' | 'http' | 'run',
	unpackedMb: number,
	env: Record<string, string> = {},
): Promise<AnswerCapResult> {
	const { url, server } = await startBombServer(unpackedMb);
	try {
		const { result } = await runMeasuringChild<AnswerCapResult>(join(__dirname, 'answerCap-child.ts'), {
			BENCH_API_URL: url,
			BENCH_MODE: mode,
			BENCH_UNPACKED_MB: String(unpackedMb),
			...env,
		});
		return result;
	} finally {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
}

/**
 * Peak memory while a 2 GB answer (2 MB of gzip) is refused at the cap, against n8n's HTTP Request node reading a
 * 256 MB one whole (2 GB would take its process down, as the issue saw).
 */
export async function runAnswerCap(httpRequest: HttpRequestNode, log: Log): Promise<AnswerCapResult[]> {
	const results = [await measure('node', 2048)];
	if (!httpRequest.reason) results.push(await measure('http', 256));
	for (const r of results) {
		log(
			`answer cap ${r.mode}: ${r.unpackedMb} MB unpacked, heap +${r.peakHeapGrowthMb.toFixed(0)} MB, RSS +${r.peakRssGrowthMb.toFixed(0)} MB, ${r.outcome.slice(0, 80)}`,
		);
	}
	return results;
}

export function answerCapTable(results: AnswerCapResult[]): string {
	const label = {
		node: 'Datasets node, Get',
		http: 'HTTP Request node (type version 4.2), default options',
		run: 'Datasets node, Get, many items side by side',
	};
	return table(
		[
			'way',
			'answer (gzip, unpacked)',
			'outcome',
			'peak heap growth',
			'peak RSS growth',
			'RSS growth vs the 64 MB cap',
			'wall time',
		],
		results.map((r) => [
			label[r.mode],
			`${r.unpackedMb.toLocaleString('en-US')} MB`,
			r.outcome.length > 90 ? `${r.outcome.slice(0, 90)}…` : r.outcome,
			`${r.peakHeapGrowthMb.toFixed(0)} MB`,
			`${r.peakRssGrowthMb.toFixed(0)} MB`,
			`${(r.peakRssGrowthMb / r.capMb).toFixed(2)}×`,
			ms(r.wallMs),
		]),
	);
}

/**
 * Peak memory of one run whose 50 items, side by side at Requests in Parallel 50, are each answered with a gzip
 * answer unpacking past the cap (100 MB): with the run's answer budget, and without it (each answer capped alone).
 */
export async function runAnswerBudget(log: Log): Promise<AnswerCapResult[]> {
	const results: AnswerCapResult[] = [];
	for (const budget of ['on', 'off']) {
		const result = await measure('run', 100, { BENCH_ITEMS: '50', BENCH_PARALLEL: '50', BENCH_BUDGET: budget });
		log(
			`answer budget ${budget}: RSS +${result.peakRssGrowthMb.toFixed(0)} MB, budget peak ${result.budgetPeakMb?.toFixed(0)} MB, ${ms(result.wallMs)}`,
		);
		results.push(result);
	}
	return results;
}

export function answerBudgetTable(results: AnswerCapResult[]): string {
	return table(
		[
			'run budget',
			'items × answer (gzip, unpacked)',
			'Requests in Parallel',
			'outcome',
			'bytes held at once (budget count)',
			'peak heap growth',
			'peak RSS growth',
			'RSS growth vs the run budget',
			'wall time',
		],
		results.map((r) => [
			r.budget === 'on' ? `on (${r.budgetMb} MB)` : 'off (each answer capped alone)',
			`${r.items} × ${r.unpackedMb} MB`,
			String(r.parallel),
			r.outcome.length > 70 ? `${r.outcome.slice(0, 70)}…` : r.outcome,
			`${(r.budgetPeakMb ?? 0).toFixed(0)} MB`,
			`${r.peakHeapGrowthMb.toFixed(0)} MB`,
			`${r.peakRssGrowthMb.toFixed(0)} MB`,
			r.budget === 'on' && r.budgetMb ? `${(r.peakRssGrowthMb / r.budgetMb).toFixed(2)}×` : '',
			ms(r.wallMs),
		]),
	);
}
