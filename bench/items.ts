/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * 100,000 input items through one action node (Datasets › Get, one fixed dataset ID): the node's bounded item pool
 * (nodes/shared/router.ts, ItemRunner.sideBySide) against n8n alone carrying the same items through a node that sends
 * nothing, and a plain script sending the same requests. Each way runs in its own `node --expose-gc` child
 * (bench/items-child.ts); the sandbox answers in this process, so the child's memory is the client's alone.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';

import { DEMO_PERSONAL_TOKEN, startSandbox } from '../sandbox/server';
import { runMeasuringChild } from './child';
import { check, DATASET, int, LOGIN_PATH, type Log, ms, table } from './common';
import { ITEMS_SCRIPT_PARALLEL, type ItemsMode, type ItemsResult } from './items-child';

export const ITEMS = {
	count: 100_000,
	/** Goal: the node's memory growth (peak RSS and peak heap over the baseline) within this many times n8n alone's. */
	memoryGoal: 2,
	/** The ways in the order they run. */
	modes: ['echo', 'record', 'node', 'script'] as ItemsMode[],
	/**
	 * The node once more with V8's old space capped at this many MB: about the baseline heap (80 MB) plus twice the
	 * peak heap growth of n8n alone with the same output (about 110 MB). Finishing within it shows what the node
	 * needs, apart from the garbage an uncapped V8 lets pile up.
	 */
	cappedOldSpaceMb: 300,
};

export interface ItemsRow extends ItemsResult {
	/** `--max-old-space-size` the child ran with, if capped. */
	capMb?: number;
	/** Why a capped run has no numbers. */
	error?: string;
	/** Load average (1 min) when the row started and ended. */
	loadBefore: number;
	loadAfter: number;
	maxRssMb?: number;
}

async function measureInChild(baseUrl: string, mode: ItemsMode, count: number, capMb?: number): Promise<ItemsRow> {
	const loadBefore = loadavg()[0];
	const { result, stderr } = await runMeasuringChild<ItemsResult>(
		join(__dirname, 'items-child.ts'),
		{ BENCH_API_URL: baseUrl, BENCH_MODE: mode, BENCH_ITEMS: String(count) },
		true,
		capMb === undefined ? [] : [`--max-old-space-size=${capMb}`],
	);
	const row: ItemsRow = { ...result, capMb, loadBefore, loadAfter: loadavg()[0] };
	const maxRss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
	if (maxRss) row.maxRssMb = Number(maxRss[1]) / 1024;
	return row;
}

/**
 * A loopback server that answers at once with what the sandbox answered once: its login answer to `POST` of the
 * login path and its dataset record to `GET /api/v1/datasets/{DATASET}` (anything else 404). The sandbox itself
 * spends about a millisecond of this process's CPU per request (its contract checks and request log); at 100,000
 * requests on a shared 2-core machine that would be the bottleneck, not the client.
 */
export async function startReplayServer(): Promise<{
	url: string;
	requests: () => number;
	close: () => Promise<void>;
}> {
	const sandbox = await startSandbox({ port: 0 });
	let login: string;
	let dataset: string;
	try {
		const loginAnswer = await fetch(`${sandbox.url}${LOGIN_PATH}`, {
			method: 'POST',
			headers: { authorization: `Bearer ${DEMO_PERSONAL_TOKEN}`, 'content-type': 'application/json' },
			body: JSON.stringify({ grant_type: 'refresh_token' }),
		});
		login = await loginAnswer.text();
		const token = (JSON.parse(login) as { access_token: string }).access_token;
		const datasetAnswer = await fetch(`${sandbox.url}/api/v1/datasets/${DATASET}`, {
			headers: { authorization: `Bearer ${token}` },
		});
		dataset = await datasetAnswer.text();
		check(loginAnswer.ok && datasetAnswer.ok, 'the sandbox answered the login and the dataset read');
	} finally {
		await sandbox.close();
	}
	let requests = 0;
	const datasetPath = `/api/v1/datasets/${DATASET}`;
	const server: Server = createServer((request, response) => {
		const path = (request.url ?? '').split('?')[0];
		const body = request.method === 'POST' && path === LOGIN_PATH ? login : path === datasetPath ? dataset : undefined;
		request.resume();
		request.once('end', () => {
			if (body === undefined) {
				response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
				return;
			}
			if (path === datasetPath) requests++;
			response.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() }).end(body);
		});
	});
	// n8n's requests keep no connection alive: a connection per request, so a listen queue as deep as the pool's.
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', 2048, resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests: () => requests,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** A capped run that did not finish (its process ran out of heap). */
const failedRow = (mode: ItemsMode, items: number): ItemsRow => ({
	mode,
	items,
	output: 0,
	inOrder: false,
	failed: items,
	wallMs: Number.NaN,
	cpuMs: Number.NaN,
	beforeRssMb: Number.NaN,
	beforeHeapMb: Number.NaN,
	peakRssMb: Number.NaN,
	peakHeapMb: Number.NaN,
	heldHeapMb: Number.NaN,
	peakLiveHeapMb: Number.NaN,
	majorGcs: 0,
	loadBefore: Number.NaN,
	loadAfter: Number.NaN,
	error: 'did not finish: out of memory',
});

export async function runItems(count: number, log: Log): Promise<ItemsRow[]> {
	const server = await startReplayServer();
	try {
		const rows: ItemsRow[] = [];
		const ways: Array<{ mode: ItemsMode; capMb?: number }> = [
			...ITEMS.modes.map((mode) => ({ mode })),
			{ mode: 'node', capMb: ITEMS.cappedOldSpaceMb },
		];
		for (const { mode, capMb } of ways) {
			const before = server.requests();
			const row = await measureInChild(server.url, mode, count, capMb).catch((error: Error) => {
				// A capped run that runs out of heap is a result, not a broken bench.
				if (capMb === undefined) throw error;
				log(`items ${mode} capped at ${capMb} MB: ${error.message.slice(-300)}`);
				return undefined;
			});
			if (!row) {
				rows.push({ ...failedRow(mode, count), capMb });
				continue;
			}
			// Every mode's warm-up reads the dataset 20 times.
			const sent = server.requests() - before - 20;
			check(
				sent === (mode === 'node' || mode === 'script' ? count : 0),
				`${mode}: ${sent} dataset reads for ${count} items`,
			);
			check(row.output === count, `${mode}: ${row.output} outputs for ${count} items`);
			check(row.inOrder, `${mode}: output out of input order`);
			check(row.failed === 0, `${mode}: ${row.failed} failed items`);
			rows.push(row);
			log(
				`items ${mode}${capMb ? ` (old space ${capMb} MB)` : ''}: ${int(count)} items in ${ms(row.wallMs)} (CPU ${ms(row.cpuMs)}), RSS ${row.beforeRssMb.toFixed(0)} → ` +
					`${row.peakRssMb.toFixed(0)} MB, heap ${row.beforeHeapMb.toFixed(0)} → ${row.peakHeapMb.toFixed(0)} MB, ` +
					`live at most ${row.peakLiveHeapMb.toFixed(0)} MB (${row.majorGcs} full GCs), held ${row.heldHeapMb.toFixed(0)} MB, load ${row.loadBefore.toFixed(1)} → ${row.loadAfter.toFixed(1)}`,
			);
		}
		return rows;
	} finally {
		await server.close();
	}
}

const LABEL: Record<ItemsMode, string> = {
	echo: 'n8n alone: a bench node returning its input items',
	record: 'n8n alone: a bench node returning its own copy of the Get’s record per item (no request)',
	node: 'Datasets › Get, one request per item (the item pool)',
	script: `plain script: fetch, ${ITEMS_SCRIPT_PARALLEL} at once, answers kept in order`,
};
const label = (row: ItemsRow) =>
	LABEL[row.mode] + (row.capMb ? `, V8 old space capped at ${row.capMb} MB (--max-old-space-size)` : '');

const growth = (row: ItemsRow) => ({
	rss: row.peakRssMb - row.beforeRssMb,
	heap: row.peakHeapMb - row.beforeHeapMb,
	live: row.peakLiveHeapMb - row.beforeHeapMb,
});
const mb = (value: number) => `${value.toFixed(0)} MB`;
const times = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(2)}×` : 'n/a');

export function itemsTable(rows: ItemsRow[]): string {
	const record = rows.find((row) => row.mode === 'record');
	return table(
		[
			'way',
			'items',
			'wall time',
			'CPU time',
			'RSS before',
			'peak RSS growth',
			'peak heap growth',
			'live heap growth at most',
			'heap held after GC (output kept)',
			'vs n8n alone with the same output: RSS / heap / live heap',
			'load (1 min) start → end',
		],
		rows.map((row) => {
			if (row.error) return [label(row), int(row.items), row.error, '', '', '', '', '', '', '', ''];
			const g = growth(row);
			const base = record && growth(record);
			return [
				label(row),
				int(row.items),
				ms(row.wallMs),
				ms(row.cpuMs),
				mb(row.beforeRssMb),
				mb(g.rss),
				mb(g.heap),
				mb(g.live),
				mb(row.heldHeapMb - row.beforeHeapMb),
				base && row.mode !== 'record' && row.mode !== 'echo'
					? `${times(g.rss, base.rss)} / ${times(g.heap, base.heap)} / ${times(g.live, base.live)}`
					: '',
				`${row.loadBefore.toFixed(1)} → ${row.loadAfter.toFixed(1)}`,
			];
		}),
	);
}

export function itemsReading(rows: ItemsRow[]): string[] {
	const node = rows.find((row) => row.mode === 'node' && !row.capMb);
	const capped = rows.find((row) => row.mode === 'node' && row.capMb);
	const record = rows.find((row) => row.mode === 'record');
	const script = rows.find((row) => row.mode === 'script');
	if (!node || !record) return [];
	const g = growth(node);
	const gr = growth(record);
	const goal = ITEMS.memoryGoal;
	const verdict = (value: number) => (value <= goal ? 'met' : '**not met**');
	const peaks = Math.max(g.rss / gr.rss, g.heap / gr.heap);
	const parts = [
		`The Datasets node's Get finished all ${int(node.items)} items in input order in ${ms(node.wallMs)}. Its peak RSS ` +
			`grew ${mb(g.rss)} and its peak heap ${mb(g.heap)}, against ${mb(gr.rss)} and ${mb(gr.heap)} for n8n alone ` +
			`with the same output (${times(g.rss, gr.rss)} and ${times(g.heap, gr.heap)}: goal ≤ ${goal}× ${verdict(peaks)}).`,
		`Most of that peak is garbage V8 had not collected yet, not memory the node keeps: its live heap (what survived ` +
			`each full collection) grew at most ${mb(g.live)} against ${mb(gr.live)} (${times(g.live, gr.live)}: ` +
			`${verdict(g.live / gr.live)}), and after the run it held ${mb(node.heldHeapMb - node.beforeHeapMb)} against ` +
			`${mb(record.heldHeapMb - record.beforeHeapMb)}.`,
	];
	if (script)
		parts.push(
			`A plain script sending the same requests ${ITEMS_SCRIPT_PARALLEL} at once peaked about as high ` +
				`(${mb(growth(script).rss)} RSS, ${mb(growth(script).heap)} heap) in ${ms(script.wallMs)}; the node took ` +
				`${times(node.wallMs, script.wallMs)} its time and ${times(node.cpuMs, script.cpuMs)} its CPU time.`,
		);
	if (capped?.error) parts.push(`With V8's old space capped at ${capped.capMb} MB the node ${capped.error}.`);
	else if (capped)
		parts.push(
			`With V8's old space capped at ${capped.capMb} MB the node finished too, in ${ms(capped.wallMs)}, its peak RSS ` +
				`growing ${mb(growth(capped).rss)} (${times(growth(capped).rss, gr.rss)} n8n alone's): V8 takes the room it is given.`,
		);
	return [`**${int(node.items)} items through one action node.** ${parts.join(' ')}`];
}
