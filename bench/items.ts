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
	/** Modes in the order they run; the node again at the end, so a row taken while the machine was busy shows. */
	modes: ['echo', 'record', 'node', 'script'] as ItemsMode[],
};

export interface ItemsRow extends ItemsResult {
	/** Load average (1 min) when the row started and ended. */
	loadBefore: number;
	loadAfter: number;
	maxRssMb?: number;
}

async function measureInChild(baseUrl: string, mode: ItemsMode, count: number): Promise<ItemsRow> {
	const loadBefore = loadavg()[0];
	const { result, stderr } = await runMeasuringChild<ItemsResult>(
		join(__dirname, 'items-child.ts'),
		{ BENCH_API_URL: baseUrl, BENCH_MODE: mode, BENCH_ITEMS: String(count) },
		true,
	);
	const row: ItemsRow = { ...result, loadBefore, loadAfter: loadavg()[0] };
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
async function startReplayServer(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
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

export async function runItems(count: number, log: Log): Promise<ItemsRow[]> {
	const server = await startReplayServer();
	try {
		const rows: ItemsRow[] = [];
		for (const mode of ITEMS.modes) {
			const before = server.requests();
			const row = await measureInChild(server.url, mode, count);
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
				`items ${mode}: ${int(count)} items in ${ms(row.wallMs)} (CPU ${ms(row.cpuMs)}), RSS ${row.beforeRssMb.toFixed(0)} → ` +
					`${row.peakRssMb.toFixed(0)} MB, heap ${row.beforeHeapMb.toFixed(0)} → ${row.peakHeapMb.toFixed(0)} MB, ` +
					`held ${row.heldHeapMb.toFixed(0)} MB, load ${row.loadBefore.toFixed(1)} → ${row.loadAfter.toFixed(1)}`,
			);
		}
		return rows;
	} finally {
		await server.close();
	}
}

const LABEL: Record<ItemsMode, string> = {
	echo: 'n8n alone: a bench node returning its input items',
	record: 'n8n alone: a bench node returning a copy of the Get’s record per item (no request)',
	node: 'Datasets › Get, one request per item (the item pool)',
	script: `plain script: fetch, ${ITEMS_SCRIPT_PARALLEL} at once, answers kept in order`,
};

const growth = (row: ItemsRow) => ({ rss: row.peakRssMb - row.beforeRssMb, heap: row.peakHeapMb - row.beforeHeapMb });
const mb = (value: number) => `${value.toFixed(0)} MB`;
const times = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(2)}×` : 'n/a');

export function itemsTable(rows: ItemsRow[]): string {
	const echo = rows.find((row) => row.mode === 'echo');
	const record = rows.find((row) => row.mode === 'record');
	return table(
		[
			'way',
			'items',
			'wall time',
			'CPU time',
			'RSS before',
			'peak RSS growth',
			'max RSS (/usr/bin/time)',
			'peak heap growth',
			'heap held after GC',
			'RSS growth vs n8n alone (echo / record)',
			'heap growth vs n8n alone (echo / record)',
			'load (1 min) at start → end',
		],
		rows.map((row) => {
			const g = growth(row);
			const vs = (key: 'rss' | 'heap') =>
				row.mode === 'echo' || row.mode === 'record'
					? ''
					: `${echo ? times(g[key], growth(echo)[key]) : 'n/a'} / ${record ? times(g[key], growth(record)[key]) : 'n/a'}`;
			return [
				LABEL[row.mode],
				int(row.items),
				ms(row.wallMs),
				ms(row.cpuMs),
				mb(row.beforeRssMb),
				mb(g.rss),
				row.maxRssMb === undefined ? 'n/a' : mb(row.maxRssMb),
				mb(g.heap),
				mb(row.heldHeapMb - row.beforeHeapMb),
				vs('rss'),
				vs('heap'),
				`${row.loadBefore.toFixed(1)} → ${row.loadAfter.toFixed(1)}`,
			];
		}),
	);
}

export function itemsReading(rows: ItemsRow[]): string[] {
	const node = rows.find((row) => row.mode === 'node');
	const echo = rows.find((row) => row.mode === 'echo');
	const record = rows.find((row) => row.mode === 'record');
	const script = rows.find((row) => row.mode === 'script');
	if (!node || !echo || !record) return [];
	const g = growth(node);
	const ge = growth(echo);
	const gr = growth(record);
	const verdict = (value: number) => (value <= ITEMS.memoryGoal ? 'met' : '**not met**');
	return [
		`**${int(node.items)} items through one action node.** The Datasets node's Get finished all ${int(node.items)} in input ` +
			`order in ${ms(node.wallMs)}, its peak RSS ${mb(g.rss)} and peak heap ${mb(g.heap)} over the baseline. n8n alone ` +
			`carrying the same output (a copy of the record per item, no request) grew ${mb(gr.rss)} RSS and ${mb(gr.heap)} heap ` +
			`in ${ms(record.wallMs)}: the node ${times(g.rss, gr.rss)} the RSS growth and ${times(g.heap, gr.heap)} the heap ` +
			`growth (goal ≤ ${ITEMS.memoryGoal}×: ${verdict(Math.max(g.rss / gr.rss, g.heap / gr.heap))}). Against n8n passing its ` +
			`input items on (${mb(ge.rss)} RSS, ${mb(ge.heap)} heap), whose output is smaller than a record per item: ` +
			`${times(g.rss, ge.rss)} and ${times(g.heap, ge.heap)}.` +
			(script
				? ` A plain script sending the same requests ${ITEMS_SCRIPT_PARALLEL} at once took ${ms(script.wallMs)} ` +
					`(the node ${times(node.wallMs, script.wallMs)} its time), ${mb(growth(script).rss)} RSS and ` +
					`${mb(growth(script).heap)} heap.`
				: ''),
	];
}
