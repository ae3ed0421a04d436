/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	Benchmark code (bench/), never published: the n8n Cloud rules for node code do not apply. */
/**
 * Items side by side (issues 25, 33, 40 and 51): N per-item requests through a proxy that adds a round trip
 * (bench/latencyProxy.ts), by the node one at a time (Requests in Parallel 1), the node as it comes (Requests in
 * Parallel 100, a gate), the node with a fixed 8 (Requests in Parallel 8, the former default), n8n's HTTP Request node
 * with default options, and a plain fetch script; then against the sandbox's gateway rate limit (also while another
 * process hogs a CPU, or while this event loop stalls), against a service that works 8 requests at a time and only
 * queues and one that works 16 and answers 503 past a queue of 32, and against one whose answers vary by item without
 * a queue. The proxy's requests in flight are sampled over time: how the node's gate held.
 */
import { spawn } from 'node:child_process';

import type { INode } from 'n8n-workflow';

import { PARALLEL } from '../nodes/shared/transport';
import { DEMO_PERSONAL_TOKEN } from '../sandbox/server';
import {
	byId,
	createBenchHarness,
	CREDENTIAL,
	DATASET,
	imageUrl,
	int,
	LOGIN_PATH,
	type Log,
	measureWith,
	type Measured,
	ms,
	ratio,
	setCredential,
	table,
	runAfterItems,
	TYPES,
} from './common';
import type { HttpRequestNode } from './httpRequestNode';
import { type RemoteProxy, type RemoteService, startRemoteService } from './service';

export const CONCURRENCY = {
	/** Items per run. */
	n: 1000,
	latenciesMs: [100],
	/** The latency the goals are stated at. */
	goalLatencyMs: 100,
	/**
	 * One at a time costs N × the latency (100 s for 1,000 at 100 ms); it runs over this many items (its time grows
	 * linearly with N, so "per 1,000 items" scales it), to keep the section near ten minutes.
	 */
	oneAtATimeSmallN: 200,
	rateLimitPerSecond: 20,
	rateLimitLatencyMs: 100,
	/**
	 * Services that work `capacity` requests at a time (the others wait in their queue; past `queueLimit` waiting, a
	 * request is answered 503), over `capacityItems` items.
	 */
	capacities: [{ capacity: 8 }, { capacity: 16, queueLimit: 32 }] as Array<{ capacity: number; queueLimit?: number }>,
	capacityItems: 600,
	/** A service without a queue whose answers vary by item: `ms`, every `every`th `slowMs`; over `items` items. */
	varied: { ms: 20, slowMs: 2000, every: 10, items: 2000 },
	/** The plain script's requests at once. */
	scriptParallel: 16,
	/**
	 * A smaller Requests in Parallel, measured beside the default where the goals pull apart: a gateway refuses all
	 * but its rate of the first gate's worth, while a busy client keeps fewer in flight than the gate allows.
	 */
	smallerGate: 50,
	/** While a gateway row runs with a stall, this event loop is blocked this long every second. */
	stallMs: 200,
	/** The proxy's requests in flight are averaged over intervals this long for the reading. */
	sampleMs: 500,
	goals: {
		speedUp: 20,
		vsHttp: 1.2,
		vsRateOptimal: 1.1,
		refusedShare: 0.05,
		/** A service that answers 503 past its queue: at most this many times its capacity's best. */
		vsCapacityOptimal: 1.25,
		/** Answers that vary by item: at most this many times the time with the ceiling full throughout. */
		vsFull: 1.2,
	},
};

export type OperationKey = 'classify' | 'get';
export type Way = 'one' | 'node' | 'smaller' | 'fixed8' | 'http' | 'script' | 'full' | 'smallerFull';

const WAYS: Record<Way, string> = {
	one: 'node, Requests in Parallel 1 (one at a time)',
	node: `node as it comes (Requests in Parallel ${PARALLEL.default}, the default)`,
	smaller: `node, Requests in Parallel ${CONCURRENCY.smallerGate}`,
	fixed8: 'node, Requests in Parallel 8 (the former fixed default)',
	http: 'HTTP Request node (type version 4.2), default options',
	script: `plain script: fetch, ${CONCURRENCY.scriptParallel} at once, one login`,
	full: `plain script: fetch, ${PARALLEL.default} at once (the ceiling full throughout), one login`,
	smallerFull: `plain script: fetch, ${CONCURRENCY.smallerGate} at once (that ceiling full throughout), one login`,
};

/** Requests in Parallel of a way of the node (undefined: left at its default), or the plain script's at once. */
const PARALLEL_OF: Record<Way, number | undefined> = {
	one: 1,
	node: undefined,
	smaller: CONCURRENCY.smallerGate,
	fixed8: 8,
	http: undefined,
	script: CONCURRENCY.scriptParallel,
	full: PARALLEL.default,
	smallerFull: CONCURRENCY.smallerGate,
};
const SCRIPTS = new Set<Way>(['script', 'full', 'smallerFull']);

interface Operation {
	label: string;
	/** The package's node doing it for each item; `parallel` undefined leaves Request Options out (the default). */
	node(parallel?: number): Omit<INode, 'id' | 'position'>;
	/** n8n's HTTP Request node sending the same request per item. */
	http(baseUrl: string): Omit<INode, 'id' | 'position'>;
	/** The same request from a script. */
	send(baseUrl: string, token: string, url: string): Promise<Response>;
}

const credentials = { [CREDENTIAL]: { id: CREDENTIAL, name: 'Media Analysis (bench)' } };
const httpBase = (url: string) => ({
	url,
	authentication: 'predefinedCredentialType',
	nodeCredentialType: CREDENTIAL,
	options: {},
});

const OPERATIONS: Record<OperationKey, Operation> = {
	classify: {
		label: 'Concepts › Classify Image',
		node: (parallel) => ({
			name: 'Classify Image',
			type: TYPES.concepts,
			typeVersion: 1,
			parameters: {
				resource: 'classification',
				operation: 'classifyImage',
				imageUrl: '={{ $json.url }}',
				classifyAgainst: 'dataset',
				datasetId: byId(DATASET),
				...(parallel === undefined ? {} : { requestOptions: { parallelRequests: parallel } }),
			},
			credentials,
		}),
		http: (baseUrl) => ({
			name: 'HTTP Request',
			type: TYPES.httpRequest,
			typeVersion: 4.2,
			parameters: {
				method: 'POST',
				...httpBase(`${baseUrl}/api/v1/classify/image/url`),
				sendBody: true,
				specifyBody: 'json',
				jsonBody: `={{ JSON.stringify({ url: $json.url, datasetId: "${DATASET}" }) }}`,
			},
			credentials,
		}),
		send: async (baseUrl, token, url) =>
			await fetch(`${baseUrl}/api/v1/classify/image/url`, {
				method: 'POST',
				headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
				body: JSON.stringify({ url, datasetId: DATASET }),
			}),
	},
	get: {
		label: 'Datasets › Dataset › Get',
		node: (parallel) => ({
			name: 'Get Dataset',
			type: TYPES.datasets,
			typeVersion: 1,
			parameters: {
				resource: 'dataset',
				operation: 'get',
				datasetId: byId(DATASET),
				...(parallel === undefined ? {} : { requestOptions: { parallelRequests: parallel } }),
			},
			credentials,
		}),
		http: (baseUrl) => ({
			name: 'HTTP Request',
			type: TYPES.httpRequest,
			typeVersion: 4.2,
			parameters: { method: 'GET', ...httpBase(`${baseUrl}/api/v1/datasets/${DATASET}`) },
			credentials,
		}),
		send: async (baseUrl, token) =>
			await fetch(`${baseUrl}/api/v1/datasets/${DATASET}`, { headers: { authorization: `Bearer ${token}` } }),
	},
};

/** What one run did for its items: how many came out with an error instead of an answer. */
interface Outcome {
	failed: number;
	/** Set when the whole run stopped (no per-item count possible). */
	stopped?: string;
}

export interface ConcurrencyRow {
	latencyMs: number;
	operation: OperationKey;
	way: Way;
	items: number;
	/** Requests in flight at once, most seen by the proxy (the login included), and on average over the run. */
	maxInFlight: number;
	meanInFlight: number;
	/** The requests the service works at once, for a row against a queueing service. */
	capacity?: number;
	/** Requests the service answered 503 (its queue full). */
	overloaded: number;
	/** Connections the client opened to the proxy (the login's included). */
	connections: number;
	/** What makes the row less of a measurement of the client: connects dropped by a full listen queue, proxy errors. */
	notes: string[];
	/**
	 * The proxy's requests in flight, averaged over each `sampleMs` of the run (how the node's limit moved): an
	 * average, not a sample taken at one moment, since on a busy event loop such a moment falls between bursts.
	 */
	inFlightOverTime: number[];
	/** What sets the row apart from another of the same way (the gateway stating its limit). */
	variant?: string;
	measured?: Measured<Outcome>;
	notMeasured?: string;
}

export interface ConcurrencyResult {
	n: number;
	rows: ConcurrencyRow[];
	/** Rows against the sandbox's gateway rate limit. */
	rateLimited: ConcurrencyRow[];
	/** Rows against services that work `capacity` requests at a time. */
	queueing: ConcurrencyRow[];
	/** Rows against a service whose answers vary by item, without a queue (`CONCURRENCY.varied`). */
	varied: ConcurrencyRow[];
}

const capacityLabel = (capacity: number, queueLimit?: number) =>
	`the service works ${capacity} at a time` +
	(queueLimit === undefined ? ', only queues' : `, answers 503 past a queue of ${queueLimit}`);

/** What else loads the machine while a gateway row runs. */
type Disturbance = 'hog' | 'stall';

const DISTURBANCES: Record<Disturbance, string> = {
	hog: 'another process hogging a CPU',
	stall: `this event loop blocked ${CONCURRENCY.stallMs} ms every second`,
};

/** Starts the disturbance (none without one); the function returned ends it. */
function disturb(disturbance: Disturbance | undefined): () => void {
	if (disturbance === 'hog') {
		const hog = spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
		return () => hog.kill();
	}
	if (disturbance === 'stall') {
		const stalls = setInterval(() => {
			const until = performance.now() + CONCURRENCY.stallMs;
			while (performance.now() < until);
		}, 1000);
		return () => clearInterval(stalls);
	}
	return () => undefined;
}

/**
 * The parts of the section to run, for iterating on some rows (a run for RESULTS.md runs them all):
 * `BENCH_CONCURRENCY=items,gateway,capacity,varied`, and `BENCH_GATEWAY_ROWS=0,5` for some gateway rows only.
 */
function benchParts() {
	const parts = new Set((process.env.BENCH_CONCURRENCY ?? 'items,gateway,capacity,varied').split(','));
	const rows = process.env.BENCH_GATEWAY_ROWS?.split(',').map(Number);
	return { has: (part: string) => parts.has(part), gatewayRows: (index: number) => !rows || rows.includes(index) };
}

export interface Context {
	service: RemoteService;
	harness: ReturnType<typeof createBenchHarness>;
	httpRequest: HttpRequestNode;
}

/** One run of `way` for `items` items through `proxy`, starting without an access token (so each way logs in). */
export async function runWay(
	context: Context,
	proxy: RemoteProxy,
	key: OperationKey,
	way: Way,
	items: number,
): Promise<ConcurrencyRow> {
	const { service, harness } = context;
	const operation = OPERATIONS[key];
	const row: ConcurrencyRow = {
		latencyMs: proxy.delayMs,
		operation: key,
		way,
		items,
		maxInFlight: 0,
		meanInFlight: 0,
		overloaded: 0,
		connections: 0,
		notes: [],
		inFlightOverTime: [],
	};
	if (way === 'http' && context.httpRequest.reason) return { ...row, notMeasured: context.httpRequest.reason };
	setCredential(harness, proxy.url, '');
	await proxy.resetCounts();
	// The proxy's integral of requests in flight, read over IPC: each sample is dated when its answer comes.
	const area = async () => {
		const { inFlightMs } = await proxy.counts();
		return { at: performance.now(), area: inFlightMs };
	};
	let last = await area();
	const first = last;
	let sampling = Promise.resolve();
	const sampler = setInterval(() => {
		sampling = sampling.then(async () => {
			const now = await area();
			row.inFlightOverTime.push((now.area - last.area) / Math.max(1, now.at - last.at));
			last = now;
		});
	}, CONCURRENCY.sampleMs);
	row.measured = await measureWith(service.log, async (): Promise<Outcome> => {
		if (SCRIPTS.has(way)) return await script(proxy.url, operation, items, PARALLEL_OF[way] as number);
		const node = way === 'http' ? operation.http(proxy.url) : operation.node(PARALLEL_OF[way]);
		// On Error: Continue (regular output), for every way: a failed item is counted, not the end of the run.
		const run = await runAfterItems(harness, items, key, { ...node, onError: 'continueRegularOutput' });
		if (run.error) return { failed: items, stopped: run.error.message };
		const output = run.outputOf(node.name);
		if (output.length !== items)
			return { failed: items, stopped: `${output.length} output items for ${items} input items` };
		return { failed: output.filter((item) => item.json.error !== undefined).length };
	}).finally(() => clearInterval(sampler));
	await sampling;
	const { maxInFlight, upstreamErrors, connections, inFlightMs, overloaded } = await proxy.counts();
	row.maxInFlight = maxInFlight;
	row.overloaded = overloaded;
	row.meanInFlight = (inFlightMs - first.area) / Math.max(1, performance.now() - first.at);
	row.connections = connections;
	if (upstreamErrors > 0) row.notes.push(`${int(upstreamErrors)} requests the proxy could not pass on`);
	if (row.measured.listenDrops)
		row.notes.push(`${int(row.measured.listenDrops)} connects dropped by a full listen queue`);
	return row;
}

/** A plain script: one login, then `parallel` workers each sending the next item's request. */
async function script(baseUrl: string, operation: Operation, items: number, parallel: number): Promise<Outcome> {
	const login = await fetch(`${baseUrl}${LOGIN_PATH}`, {
		method: 'POST',
		headers: { authorization: `Bearer ${DEMO_PERSONAL_TOKEN}`, 'content-type': 'application/json' },
		body: JSON.stringify({ grant_type: 'refresh_token' }),
	});
	const token = String(((await login.json()) as { access_token: string }).access_token);
	let next = 0;
	let failed = 0;
	const worker = async () => {
		for (let i = next++; i < items; i = next++) {
			try {
				const answer = await operation.send(baseUrl, token, imageUrl('script', i));
				await answer.arrayBuffer();
				if (!answer.ok) failed++;
			} catch {
				failed++;
			}
		}
	};
	await Promise.all(Array.from({ length: parallel }, worker));
	return { failed };
}

const describeRow = (row: ConcurrencyRow) =>
	row.measured
		? `${ms(row.measured.wallMs)}, in flight ${row.meanInFlight.toFixed(1)} on average, ${row.maxInFlight} at most, ` +
			`${int(row.measured.statuses['429'] ?? 0)} × 429, ` +
			`${int(row.measured.result.failed)} failed, ${row.measured.logins} login(s)` +
			(row.measured.result.stopped ? `, stopped: ${row.measured.result.stopped}` : '')
		: `not measured: ${row.notMeasured}`;

export async function runConcurrency(httpRequest: HttpRequestNode, log: Log): Promise<ConcurrencyResult> {
	const { n } = CONCURRENCY;
	const service = await startRemoteService();
	const context: Context = { service, harness: createBenchHarness(httpRequest.node), httpRequest };
	const proxies: RemoteProxy[] = [];
	const parts = benchParts();
	try {
		for (const latency of CONCURRENCY.latenciesMs) proxies.push(await service.proxy(latency));
		const keys = Object.keys(OPERATIONS) as OperationKey[];
		// The scripts keeping a ceiling full are for the varied service's rows only.
		const ways = (Object.keys(WAYS) as Way[]).filter((way) => way !== 'full' && way !== 'smallerFull');
		// Warm-up (not measured): every way loads its code paths over 20 items; then the node as it comes and the HTTP
		// Request node run once at full size, as the first full-size run in a process costs 1–2 s more CPU (V8 still
		// compiling the request path, the heap growing), whichever way it is: without it, the first measured row pays.
		for (const key of keys) for (const way of ways) await runWay(context, proxies[0], key, way, 20);
		if (parts.has('items'))
			for (const key of keys)
				for (const way of ['node', 'http'] as const) await runWay(context, proxies[0], key, way, n);

		const rows: ConcurrencyRow[] = [];
		for (const proxy of parts.has('items') ? proxies : []) {
			for (const key of keys) {
				for (const way of ways) {
					const items = way === 'one' ? CONCURRENCY.oneAtATimeSmallN : n;
					const row = await runWay(context, proxy, key, way, items);
					rows.push(row);
					log(`concurrency ${proxy.delayMs} ms ${key} ${way} ×${int(items)}: ${describeRow(row)}`);
				}
			}
		}

		const rateLimited: ConcurrencyRow[] = [];
		const proxy = proxies[CONCURRENCY.latenciesMs.indexOf(CONCURRENCY.rateLimitLatencyMs)];
		const gateways: Array<{ way: Way; stated: boolean; disturbance?: Disturbance }> = [
			{ way: 'node', stated: true },
			{ way: 'node', stated: false },
			{ way: 'node', stated: true, disturbance: 'hog' },
			{ way: 'node', stated: false, disturbance: 'hog' },
			{ way: 'node', stated: true, disturbance: 'stall' },
			{ way: 'node', stated: false, disturbance: 'stall' },
			{ way: 'smaller', stated: false },
			{ way: 'smaller', stated: false, disturbance: 'hog' },
			{ way: 'fixed8', stated: false },
			{ way: 'http', stated: false },
		];
		for (const key of parts.has('gateway') ? (['get'] as const) : []) {
			for (const { way, stated, disturbance } of gateways.filter((_, index) => parts.gatewayRows(index))) {
				await service.setFaults({ rateLimitPerSecond: CONCURRENCY.rateLimitPerSecond, rateLimitPolicy: stated });
				const stop = disturb(disturbance);
				const row = await runWay(context, proxy, key, way, n).finally(stop);
				row.variant =
					(stated ? 'the gateway states its limit (RateLimit-Policy)' : 'no RateLimit-Policy') +
					(disturbance ? `; ${DISTURBANCES[disturbance]}` : '');
				const { throttled } = await service.clearFaults();
				const answered429 = row.measured?.statuses['429'] ?? 0;
				if (row.measured && answered429 !== throttled)
					row.notes.push(`${answered429} answers 429 in the log, ${throttled} counted as throttled`);
				rateLimited.push(row);
				log(
					`concurrency rate limit ${CONCURRENCY.rateLimitPerSecond}/s ${key} ${way} ${row.variant}: ${describeRow(row)}`,
				);
			}
		}
		const queueing: ConcurrencyRow[] = [];
		for (const { capacity, queueLimit } of parts.has('capacity') ? CONCURRENCY.capacities : []) {
			const queue = await service.proxy(CONCURRENCY.goalLatencyMs, capacity, undefined, queueLimit);
			proxies.push(queue);
			for (const way of ['node', 'smaller', 'fixed8', 'http', 'script'] as const) {
				const row = await runWay(context, queue, 'get', way, CONCURRENCY.capacityItems);
				row.capacity = capacity;
				row.variant = capacityLabel(capacity, queueLimit);
				queueing.push(row);
				log(`concurrency capacity ${capacity} get ${way}: ${describeRow(row)}`);
			}
		}
		const varied: ConcurrencyRow[] = [];
		if (!parts.has('varied')) return { n, rows, rateLimited, queueing, varied };
		const { ms: quickMs, slowMs, every, items: variedItems } = CONCURRENCY.varied;
		const slowSome = await service.proxy(quickMs, Infinity, { ms: quickMs, slowMs, every });
		proxies.push(slowSome);
		for (const way of ['node', 'full', 'smaller', 'smallerFull', 'http'] as const) {
			const row = await runWay(context, slowSome, 'get', way, variedItems);
			varied.push(row);
			log(`concurrency varied get ${way}: ${describeRow(row)}`);
		}
		return { n, rows, rateLimited, queueing, varied };
	} finally {
		for (const proxy of proxies) await proxy.close();
		context.harness.dispose();
		await service.close();
	}
}

// ---- reporting ----

const find = (rows: ConcurrencyRow[], latencyMs: number, operation: OperationKey, way: Way) =>
	rows.find((row) => row.latencyMs === latencyMs && row.operation === operation && row.way === way);

/** Wall time per 1,000 items: one at a time ran over fewer items at some latencies. */
const per1000 = (row: ConcurrencyRow) => (row.measured ? (row.measured.wallMs * 1000) / row.items : Number.NaN);

function failedCell(row: ConcurrencyRow): string {
	const m = row.measured as Measured<Outcome>;
	return (
		int(m.result.failed) + (m.result.stopped ? ` (stopped: ${m.result.stopped})` : '') + (m.note ? ` (${m.note})` : '')
	);
}

export function concurrencyTable(result: ConcurrencyResult): string {
	return table(
		[
			'latency',
			'operation',
			'way',
			'items',
			'wall time',
			'per 1,000 items',
			'vs one at a time',
			'vs HTTP Request node',
			'most in flight',
			'connections opened',
			'CPU time (client + service)',
			'429s',
			'failed items',
			'logins',
		],
		result.rows.map((row) => {
			const one = find(result.rows, row.latencyMs, row.operation, 'one');
			const http = find(result.rows, row.latencyMs, row.operation, 'http');
			const head = [`${row.latencyMs} ms`, OPERATIONS[row.operation].label, WAYS[row.way], int(row.items)];
			if (!row.measured) return [...head, `not measured: ${row.notMeasured}`, '', '', '', '', '', '', '', '', ''];
			const m = row.measured;
			return [
				...head,
				ms(m.wallMs),
				ms(per1000(row)),
				one?.measured && row.way !== 'one' ? `${ratio(per1000(one), per1000(row))} as fast` : '',
				http?.measured && row.way !== 'http' ? `${ratio(per1000(row), per1000(http))} the time` : '',
				int(row.maxInFlight),
				int(row.connections) + (row.notes.length ? ` (${row.notes.join('; ')})` : ''),
				ms(m.cpuMs) + (m.serviceCpuMs === undefined ? '' : ` + ${ms(m.serviceCpuMs)}`),
				int(m.statuses['429'] ?? 0),
				failedCell(row),
				int(m.logins),
			];
		}),
	);
}

/** The best a client can do: the gateway's rate, or the service's capacity at the proxy's round trip. */
const rateOptimalMs = (row: ConcurrencyRow) => (row.items / CONCURRENCY.rateLimitPerSecond) * 1000;
const capacityOptimalMs = (row: ConcurrencyRow) => (row.items / (row.capacity ?? 1)) * CONCURRENCY.goalLatencyMs;

const wayLabel = (row: ConcurrencyRow) => WAYS[row.way] + (row.variant ? `; ${row.variant}` : '');

function limitedTable(rows: ConcurrencyRow[], optimal: (row: ConcurrencyRow) => number, optimalLabel: string): string {
	return table(
		[
			'operation',
			'way',
			'items',
			'wall time',
			optimalLabel,
			'requests sent',
			'answered 429',
			'refused share',
			'429s in the first second',
			'answered 503',
			'failed items',
			'in flight on average',
			'most in flight',
			'connections opened',
			'logins',
		],
		rows.map((row) => {
			const head = [OPERATIONS[row.operation].label, wayLabel(row), int(row.items)];
			if (!row.measured) return [...head, `not measured: ${row.notMeasured}`, ...Array<string>(11).fill('')];
			const m = row.measured;
			const refused = m.statuses['429'] ?? 0;
			return [
				...head,
				ms(m.wallMs),
				`${(m.wallMs / optimal(row)).toFixed(2)}×`,
				int(m.apiRequests),
				int(refused),
				`${((100 * refused) / Math.max(1, m.apiRequests)).toFixed(1)}%`,
				int(m.firstSecond429 ?? 0),
				int(row.overloaded),
				failedCell(row),
				row.meanInFlight.toFixed(1),
				int(row.maxInFlight),
				int(row.connections) + (row.notes.length ? ` (${row.notes.join('; ')})` : ''),
				int(m.logins),
			];
		}),
	);
}

export const rateLimitTable = (result: ConcurrencyResult) =>
	limitedTable(result.rateLimited, rateOptimalMs, "vs the limit's best");
export const queueingTable = (result: ConcurrencyResult) =>
	limitedTable(result.queueing, capacityOptimalMs, "vs the capacity's best");

/** The script keeping the way's ceiling full throughout: the best time without a queue. */
const fullRow = (result: ConcurrencyResult, way: Way = 'node') => {
	const full = way === 'smaller' || way === 'smallerFull' ? 'smallerFull' : 'full';
	return result.varied.find((row) => row.way === full && row.measured);
};
export const variedTable = (result: ConcurrencyResult) =>
	limitedTable(
		result.varied,
		(row) =>
			(fullRow(result, row.way)?.measured?.wallMs ?? Number.NaN) *
			(row.items / (fullRow(result, row.way)?.items ?? row.items)),
		'vs its ceiling full throughout',
	);

/** The node's requests in flight over time, as the proxy saw them (at most 16 points per row): how its limit moved. */
export function limitOverTimeTable(result: ConcurrencyResult): string {
	const node = (rows: ConcurrencyRow[], variant?: string) =>
		rows.find((row) => row.way === 'node' && row.variant === variant);
	const stated = 'the gateway states its limit (RateLimit-Policy)';
	const { rateLimitPerSecond: perSecond, varied } = CONCURRENCY;
	const rows: Array<[string, ConcurrencyRow | undefined]> = [
		[
			`healthy, ${CONCURRENCY.goalLatencyMs} ms, Dataset Get`,
			find(result.rows, CONCURRENCY.goalLatencyMs, 'get', 'node'),
		],
		[`gateway ${perSecond}/s stating it, Dataset Get`, node(result.rateLimited, stated)],
		[`gateway ${perSecond}/s not stating it, Dataset Get`, node(result.rateLimited, 'no RateLimit-Policy')],
		...CONCURRENCY.capacities.map(({ capacity, queueLimit }): [string, ConcurrencyRow | undefined] => [
			`${capacityLabel(capacity, queueLimit)}, Dataset Get`,
			result.queueing.find((row) => row.way === 'node' && row.capacity === capacity),
		]),
		[
			`${varied.ms} ms, every ${varied.every}th ${ms(varied.slowMs)}, no queue, Dataset Get`,
			result.varied.find((row) => row.way === 'node'),
		],
	];
	return table(
		['service', 'requests in flight on average, over the 500 ms up to (seconds from the start)'],
		rows.map(([label, row]) => {
			const samples = row?.inFlightOverTime ?? [];
			const step = Math.max(1, Math.ceil(samples.length / 16));
			const points = samples.flatMap((value, index) =>
				index % step === 0 ? [`${((index + 1) * CONCURRENCY.sampleMs) / 1000} s: ${value.toFixed(0)}`] : [],
			);
			return [label, points.join(', ') || 'not measured'];
		}),
	);
}

const verdict = (met: boolean) => (met ? 'met' : '**not met**');

/** A gateway row's goals: its time against the limit's best, its refused share, no failed item. */
const gatewayMet = (m: Measured<Outcome>, vs: number, share: number) =>
	vs <= CONCURRENCY.goals.vsRateOptimal &&
	share <= CONCURRENCY.goals.refusedShare &&
	m.result.failed === 0 &&
	!m.result.stopped;

/** The goals, each computed from this run's rows; sentences for the reading. */
export function concurrencyReading(result: ConcurrencyResult): string[] {
	const { goalLatencyMs, goals, rateLimitPerSecond } = CONCURRENCY;
	const lines: string[] = [];
	const parts: string[] = [];
	/** Requests in Parallel held: the most in flight the proxy saw is the gate, and the average. */
	const held = (row: ConcurrencyRow) =>
		`${row.meanInFlight.toFixed(0)} in flight on average, ${int(row.maxInFlight)} at most ` +
		`(goal: ${PARALLEL.default} while items remain: ${verdict(row.maxInFlight >= PARALLEL.default)})`;
	for (const key of Object.keys(OPERATIONS) as OperationKey[]) {
		const one = find(result.rows, goalLatencyMs, key, 'one');
		const node = find(result.rows, goalLatencyMs, key, 'node');
		const fixed = find(result.rows, goalLatencyMs, key, 'fixed8');
		const http = find(result.rows, goalLatencyMs, key, 'http');
		if (!one?.measured || !node?.measured) continue;
		const speedUp = per1000(one) / per1000(node);
		const vsHttp = http?.measured ? per1000(node) / per1000(http) : Number.NaN;
		parts.push(
			`${OPERATIONS[key].label}: ${int(result.n)} items took ${ms(node.measured.wallMs)} as it comes, ${speedUp.toFixed(1)}× as fast as one at ` +
				`a time (goal ≥ ${goals.speedUp}×: ${verdict(speedUp >= goals.speedUp)})` +
				(http?.measured
					? ` and ${vsHttp.toFixed(2)}× the HTTP Request node's ${ms(http.measured.wallMs)} (goal ≤ ${goals.vsHttp}×: ${verdict(vsHttp <= goals.vsHttp)})`
					: '') +
				(fixed?.measured ? `; a fixed 8 took ${ms(fixed.measured.wallMs)}` : '') +
				`; ${held(node)}; CPU time ${ms(node.measured.cpuMs)}` +
				(http?.measured ? ` against the HTTP Request node's ${ms(http.measured.cpuMs)}` : ''),
		);
	}
	if (parts.length > 0) {
		lines.push(
			`**Items side by side, ${goalLatencyMs} ms per request.** ${parts.join('; ')}. The service runs in a process of its ` +
				"own; the CPU times are the client's. Requests in Parallel is a gate: that many in flight from the first " +
				"request, lowered only by a 429 or a 503. The HTTP Request node sends every item's request together.",
		);
	}
	const gateway = result.rateLimited.filter((row) => row.way === 'node' && row.measured);
	if (gateway.length > 0) {
		const rows = gateway.map((row) => {
			const m = row.measured as Measured<Outcome>;
			const vs = m.wallMs / rateOptimalMs(row);
			const refused = m.statuses['429'] ?? 0;
			const share = refused / Math.max(1, m.apiRequests);
			const later = (refused - (m.firstSecond429 ?? 0)) / Math.max(1, m.apiRequests);
			const met = gatewayMet(m, vs, share);
			return (
				`${row.variant}: ${ms(m.wallMs)}, ${vs.toFixed(2)}× the limit's best, ${(100 * share).toFixed(1)}% refused ` +
				`(${(100 * later).toFixed(1)}% after the first second), ${int(m.result.failed)} failed items (${verdict(met)})`
			);
		});
		const others = result.rateLimited
			.filter((row) => row.way !== 'node' && row.measured)
			.map(
				(row) =>
					`${wayLabel(row)}: ${ms(row.measured!.wallMs)} (${(row.measured!.wallMs / rateOptimalMs(row)).toFixed(2)}×), ` +
					`${int(row.measured!.statuses['429'] ?? 0)} answers 429, ${int(row.measured!.result.failed)} failed items`,
			);
		lines.push(
			`**Behind a gateway of ${rateLimitPerSecond} requests a second** (goals: ≤ ${goals.vsRateOptimal}× the limit's best of ` +
				`${ms(rateOptimalMs(gateway[0]))}, ≤ ${100 * goals.refusedShare}% refused, no failed item). The node as it comes: ${rows.join('; ')}. ` +
				`${others.join('; ')}. The gate sends ${PARALLEL.default} before any answer, so all but ${rateLimitPerSecond} of ` +
				"them are refused (the first second's 429s). The first 429 pauses every request for its Retry-After and sets " +
				'a pace for the rest of the run: 95% of the stated rate, or without one 95% of what got through in the second ' +
				'up to the refused request (those answered after its 429 included); each later ' +
				'429 lowers it by 5% (it rises back by 1% of the first a second, never past it) and holds only the refused request.',
		);
	}
	const capacities = CONCURRENCY.capacities.flatMap(({ capacity, queueLimit }) => {
		const node = result.queueing.find((row) => row.way === 'node' && row.capacity === capacity);
		if (!node?.measured) return [];
		const vs = node.measured.wallMs / capacityOptimalMs(node);
		const failed = node.measured.result.failed;
		const fixed = result.queueing.find((row) => row.way === 'fixed8' && row.capacity === capacity)?.measured;
		const http = result.queueing.find((row) => row.way === 'http' && row.capacity === capacity);
		const goal =
			`no failed item: ${verdict(failed === 0 && !node.measured.result.stopped)}` +
			(queueLimit === undefined
				? ''
				: `; ≤ ${goals.vsCapacityOptimal}× the capacity's best: ${verdict(vs <= goals.vsCapacityOptimal)}`);
		return [
			`${capacityLabel(capacity, queueLimit)}: ${ms(node.measured.wallMs)}, ${vs.toFixed(2)}× the capacity's best of ` +
				`${ms(capacityOptimalMs(node))}, ${int(failed)} failed items, ${int(node.overloaded)} answers 503, ` +
				`${node.meanInFlight.toFixed(1)} in flight on average (goals: ${goal})` +
				(fixed ? `; a fixed 8 took ${ms(fixed.wallMs)}` : '') +
				(http?.measured
					? `; the HTTP Request node ${ms(http.measured.wallMs)} with ${int(http.measured.result.failed)} failed items`
					: ''),
		];
	});
	if (capacities.length > 0) {
		lines.push(
			`**Against services that work a few requests at a time** (${goalLatencyMs} ms each, the rest waiting in their queue), ` +
				`${int(CONCURRENCY.capacityItems)} items, the node as it comes: ${capacities.join('; ')}. A queue is the ` +
				"service's to keep short: one that only queues gets the whole gate (its answers take longer, none fails); a " +
				"503 halves the gate, once for the requests sent before it, and each gate's worth of answers widens it by one.",
		);
	}
	const variedNode = result.varied.find((row) => row.way === 'node');
	const full = fullRow(result);
	if (variedNode?.measured && full?.measured) {
		const { ms: quickMs, slowMs, every } = CONCURRENCY.varied;
		const vs = variedNode.measured.wallMs / full.measured.wallMs;
		const http = result.varied.find((row) => row.way === 'http')?.measured;
		lines.push(
			`**Answers that vary by item, no queue** (${quickMs} ms, every ${every}th ${ms(slowMs)}; ${int(variedNode.items)} items): ` +
				`the node took ${ms(variedNode.measured.wallMs)}, ${vs.toFixed(2)}× a script keeping ${PARALLEL.default} in flight throughout ` +
				`(${ms(full.measured.wallMs)}; goal ≤ ${goals.vsFull}×: ${verdict(vs <= goals.vsFull)}); ${held(variedNode)}` +
				(http ? `; the HTTP Request node took ${ms(http.wallMs)}` : '') +
				'. Nothing is inferred from round trips, so slow answers hold their places and the others go on.',
		);
	}
	const smaller = smallerReading(result);
	if (smaller) lines.push(smaller);
	return lines;
}

/** What the smaller gate gives and costs against the default, goal by goal (the goals are the default's). */
function smallerReading(result: ConcurrencyResult): string | undefined {
	const { goalLatencyMs, goals, smallerGate } = CONCURRENCY;
	const parts: string[] = [];
	for (const key of Object.keys(OPERATIONS) as OperationKey[]) {
		const [one, row, http] = (['one', 'smaller', 'http'] as const).map((way) =>
			find(result.rows, goalLatencyMs, key, way),
		);
		if (!one?.measured || !row?.measured || !http?.measured) continue;
		const speedUp = per1000(one) / per1000(row);
		const vsHttp = per1000(row) / per1000(http);
		parts.push(
			`${OPERATIONS[key].label} ${speedUp.toFixed(1)}× one at a time (${verdict(speedUp >= goals.speedUp)}) and ` +
				`${vsHttp.toFixed(2)}× the HTTP Request node (${verdict(vsHttp <= goals.vsHttp)}), ${row.meanInFlight.toFixed(0)} in flight on average`,
		);
	}
	for (const row of result.rateLimited.filter((entry) => entry.way === 'smaller' && entry.measured)) {
		const m = row.measured as Measured<Outcome>;
		const vs = m.wallMs / rateOptimalMs(row);
		const share = (m.statuses['429'] ?? 0) / Math.max(1, m.apiRequests);
		const met = gatewayMet(m, vs, share);
		parts.push(
			`gateway (${row.variant}) ${vs.toFixed(2)}× the limit's best, ${(100 * share).toFixed(1)}% refused, ` +
				`${int(m.result.failed)} failed items (${verdict(met)})`,
		);
	}
	for (const row of result.queueing.filter((entry) => entry.way === 'smaller' && entry.measured)) {
		const vs = row.measured!.wallMs / capacityOptimalMs(row);
		parts.push(
			`${capacityLabel(row.capacity ?? 0, CONCURRENCY.capacities.find((entry) => entry.capacity === row.capacity)?.queueLimit)} ` +
				`${vs.toFixed(2)}× the capacity's best, ${int(row.measured!.result.failed)} failed items`,
		);
	}
	const varied = result.varied.find((row) => row.way === 'smaller' && row.measured);
	const full = fullRow(result, 'smaller');
	if (varied?.measured && full?.measured) {
		const vs = varied.measured.wallMs / full.measured.wallMs;
		parts.push(
			`answers that vary ${vs.toFixed(2)}× a script keeping ${smallerGate} in flight throughout (${verdict(vs <= goals.vsFull)}), ` +
				`${ms(varied.measured.wallMs)} against the default's ${ms(result.varied.find((row) => row.way === 'node')?.measured?.wallMs ?? Number.NaN)}`,
		);
	}
	if (parts.length === 0) return undefined;
	return (
		`**A smaller gate: Requests in Parallel ${smallerGate}, against the same goals.** ${parts.join('; ')}. Fewer sent ` +
		'before the first answer means fewer refused by a gateway; fewer in flight means a client short of CPU hides less ' +
		'of its own work behind the round trips.'
	);
}
