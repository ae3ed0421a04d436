/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Benchmark code (bench/), never published: the n8n Cloud rules for node code do not apply. */
/**
 * Items side by side (issues 25 and 33): N per-item requests through a proxy that adds a round trip
 * (bench/latencyProxy.ts), by the node one at a time (Requests in Parallel 1), the node as it comes (its adaptive
 * limit), the node with a fixed 8 (Requests in Parallel 8, the former default), n8n's HTTP Request node with default
 * options, and a plain fetch script; then against the sandbox's gateway rate limit, and against a service that works
 * 16 requests at a time. The proxy's requests in flight are sampled over time: how the node's limit moved.
 */
import { type INode, NodeConnectionTypes } from 'n8n-workflow';

import { PARALLEL } from '../nodes/shared/transport';
import { ADAPTIVE } from '../nodes/shared/transport/limit';
import { DEMO_PERSONAL_TOKEN, startSandbox, type Sandbox } from '../sandbox/server';
import {
	byId,
	createBenchHarness,
	CREDENTIAL,
	DATASET,
	imageUrl,
	int,
	LOGIN_PATH,
	type Log,
	measure,
	type Measured,
	ms,
	ratio,
	setCredential,
	table,
	TYPES,
} from './common';
import type { HttpRequestNode } from './httpRequestNode';
import { startLatencyProxy, type LatencyProxy } from './latencyProxy';

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
	/** A service that works this many requests at a time (the others wait in its queue). */
	capacity: 16,
	/** The plain script's requests at once. */
	scriptParallel: 16,
	/** The proxy's requests in flight are averaged over intervals this long for the reading. */
	sampleMs: 500,
	goals: { speedUp: 20, vsHttp: 1.5, vsRateOptimal: 1.1, refusedShare: 0.05, vsCapacityOptimal: 1.3 },
};

type OperationKey = 'classify' | 'get';
type Way = 'one' | 'node' | 'fixed8' | 'http' | 'script';

const WAYS: Record<Way, string> = {
	one: 'node, Requests in Parallel 1 (one at a time)',
	node: `node as it comes (adaptive, at most ${PARALLEL.default})`,
	fixed8: 'node, Requests in Parallel 8 (the former fixed default)',
	http: 'HTTP Request node (type version 4.2), default options',
	script: `plain script: fetch, ${CONCURRENCY.scriptParallel} at once, one login`,
};

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
	/** Requests in flight at once, most seen by the proxy (the login included). */
	maxInFlight: number;
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
	/** Rows against a service that works `capacity` requests at a time. */
	queueing: ConcurrencyRow[];
}

interface Context {
	sandbox: Sandbox;
	harness: ReturnType<typeof createBenchHarness>;
	httpRequest: HttpRequestNode;
}

/** One run of `way` for `items` items through `proxy`, starting without an access token (so each way logs in). */
async function runWay(
	context: Context,
	proxy: LatencyProxy,
	key: OperationKey,
	way: Way,
	items: number,
): Promise<ConcurrencyRow> {
	const { sandbox, harness } = context;
	const operation = OPERATIONS[key];
	const row: ConcurrencyRow = {
		latencyMs: proxy.delayMs,
		operation: key,
		way,
		items,
		maxInFlight: 0,
		connections: 0,
		notes: [],
		inFlightOverTime: [],
	};
	if (way === 'http' && context.httpRequest.reason) return { ...row, notMeasured: context.httpRequest.reason };
	setCredential(harness, proxy.url, '');
	proxy.resetCounts();
	let last = { at: performance.now(), area: proxy.counts().inFlightMs };
	const sampler = setInterval(() => {
		const now = { at: performance.now(), area: proxy.counts().inFlightMs };
		row.inFlightOverTime.push((now.area - last.area) / Math.max(1, now.at - last.at));
		last = now;
	}, CONCURRENCY.sampleMs);
	row.measured = await measure(sandbox, async (): Promise<Outcome> => {
		if (way === 'script') return await script(proxy.url, operation, items);
		const node =
			way === 'http' ? operation.http(proxy.url) : operation.node(way === 'one' ? 1 : way === 'fixed8' ? 8 : undefined);
		// On Error: Continue (regular output), for every way: a failed item is counted, not the end of the run.
		const run = await harness.runWorkflow(
			{
				nodes: [
					{
						id: 'items',
						name: 'Items',
						type: TYPES.items,
						typeVersion: 1,
						position: [0, 0],
						parameters: { count: items, prefix: key },
					},
					{ id: 'target', position: [200, 0], ...node, onError: 'continueRegularOutput' },
				],
				connections: { Items: { main: [[{ node: node.name, type: NodeConnectionTypes.Main, index: 0 }]] } },
			},
			{ startNodeName: 'Items' },
		);
		if (run.error) return { failed: items, stopped: run.error.message };
		const output = run.outputOf(node.name);
		if (output.length !== items)
			return { failed: items, stopped: `${output.length} output items for ${items} input items` };
		return { failed: output.filter((item) => item.json.error !== undefined).length };
	}).finally(() => clearInterval(sampler));
	const { maxInFlight, upstreamErrors, connections } = proxy.counts();
	row.maxInFlight = maxInFlight;
	row.connections = connections;
	if (upstreamErrors > 0) row.notes.push(`${int(upstreamErrors)} requests the proxy could not pass on`);
	if (row.measured.listenDrops)
		row.notes.push(`${int(row.measured.listenDrops)} connects dropped by a full listen queue`);
	return row;
}

/** A plain script: one login, then `CONCURRENCY.scriptParallel` workers each sending the next item's request. */
async function script(baseUrl: string, operation: Operation, items: number): Promise<Outcome> {
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
	await Promise.all(Array.from({ length: CONCURRENCY.scriptParallel }, worker));
	return { failed };
}

const describeRow = (row: ConcurrencyRow) =>
	row.measured
		? `${ms(row.measured.wallMs)}, most in flight ${row.maxInFlight}, ${int(row.measured.statuses['429'] ?? 0)} × 429, ` +
			`${int(row.measured.result.failed)} failed, ${row.measured.logins} login(s)` +
			(row.measured.result.stopped ? `, stopped: ${row.measured.result.stopped}` : '')
		: `not measured: ${row.notMeasured}`;

export async function runConcurrency(httpRequest: HttpRequestNode, log: Log): Promise<ConcurrencyResult> {
	const { n } = CONCURRENCY;
	const sandbox = await startSandbox({ port: 0 });
	const context: Context = { sandbox, harness: createBenchHarness(httpRequest.node), httpRequest };
	const proxies: LatencyProxy[] = [];
	try {
		for (const latency of CONCURRENCY.latenciesMs) proxies.push(await startLatencyProxy(sandbox.url, latency));
		const keys = Object.keys(OPERATIONS) as OperationKey[];
		const ways = Object.keys(WAYS) as Way[];
		// Warm-up (not measured): every way loads its code paths over 20 items; then the node as it comes and the HTTP
		// Request node run once at full size, as the first full-size run in a process costs 1–2 s more CPU (V8 still
		// compiling the request path, the heap growing), whichever way it is: without it, the first measured row pays.
		for (const key of keys) for (const way of ways) await runWay(context, proxies[0], key, way, 20);
		for (const key of keys) for (const way of ['node', 'http'] as const) await runWay(context, proxies[0], key, way, n);

		const rows: ConcurrencyRow[] = [];
		for (const proxy of proxies) {
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
		const gateways = [
			{ way: 'node', stated: true },
			{ way: 'node', stated: false },
			{ way: 'fixed8', stated: false },
			{ way: 'http', stated: false },
		] as const;
		for (const key of ['get'] as const) {
			for (const { way, stated } of gateways) {
				sandbox.setFaults({ rateLimitPerSecond: CONCURRENCY.rateLimitPerSecond, rateLimitPolicy: stated });
				const row = await runWay(context, proxy, key, way, n);
				row.variant = stated ? 'the gateway states its limit (RateLimit-Policy)' : 'no RateLimit-Policy';
				const throttled = sandbox.clearFaults().throttled;
				const answered429 = row.measured?.statuses['429'] ?? 0;
				if (row.measured && answered429 !== throttled)
					row.notes.push(`${answered429} answers 429 in the log, ${throttled} counted as throttled`);
				rateLimited.push(row);
				log(`concurrency rate limit ${CONCURRENCY.rateLimitPerSecond}/s ${key} ${way}: ${describeRow(row)}`);
			}
		}
		const queueing: ConcurrencyRow[] = [];
		const queue = await startLatencyProxy(sandbox.url, CONCURRENCY.goalLatencyMs, CONCURRENCY.capacity);
		proxies.push(queue);
		for (const way of ['node', 'fixed8', 'http', 'script'] as const) {
			const row = await runWay(context, queue, 'get', way, n);
			queueing.push(row);
			log(`concurrency capacity ${CONCURRENCY.capacity} get ${way}: ${describeRow(row)}`);
		}
		return { n, rows, rateLimited, queueing };
	} finally {
		for (const proxy of proxies) await proxy.close();
		context.harness.dispose();
		await sandbox.close();
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
			'CPU time',
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
				ms(m.cpuMs),
				int(m.statuses['429'] ?? 0),
				failedCell(row),
				int(m.logins),
			];
		}),
	);
}

/** The best a client can do: the gateway's rate, or the service's capacity at the proxy's round trip. */
const rateOptimalMs = (n: number) => (n / CONCURRENCY.rateLimitPerSecond) * 1000;
const capacityOptimalMs = (n: number) => (n / CONCURRENCY.capacity) * CONCURRENCY.goalLatencyMs;

function limitedTable(rows: ConcurrencyRow[], optimal: (n: number) => number, optimalLabel: string): string {
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
			'failed items',
			'most in flight',
			'connections opened',
			'logins',
		],
		rows.map((row) => {
			const head = [
				OPERATIONS[row.operation].label,
				WAYS[row.way] + (row.variant ? `; ${row.variant}` : ''),
				int(row.items),
			];
			if (!row.measured) return [...head, `not measured: ${row.notMeasured}`, '', '', '', '', '', '', '', ''];
			const m = row.measured;
			const refused = m.statuses['429'] ?? 0;
			return [
				...head,
				ms(m.wallMs),
				`${(m.wallMs / optimal(row.items)).toFixed(2)}×`,
				int(m.apiRequests),
				int(refused),
				`${((100 * refused) / Math.max(1, m.apiRequests)).toFixed(1)}%`,
				failedCell(row),
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

/** The node's requests in flight over time, as the proxy saw them (at most 16 points per row): how its limit moved. */
export function limitOverTimeTable(result: ConcurrencyResult): string {
	const rows: Array<[string, ConcurrencyRow | undefined]> = [
		[
			`healthy, ${CONCURRENCY.goalLatencyMs} ms, Dataset Get`,
			find(result.rows, CONCURRENCY.goalLatencyMs, 'get', 'node'),
		],
		[
			`gateway ${CONCURRENCY.rateLimitPerSecond}/s stating it, Dataset Get`,
			result.rateLimited.find((row) => row.way === 'node' && row.variant?.startsWith('the gateway')),
		],
		[
			`gateway ${CONCURRENCY.rateLimitPerSecond}/s not stating it, Dataset Get`,
			result.rateLimited.find((row) => row.way === 'node' && row.variant === 'no RateLimit-Policy'),
		],
		[`capacity ${CONCURRENCY.capacity}, Dataset Get`, result.queueing.find((row) => row.way === 'node')],
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

/** The goals, each computed from this run's rows; sentences for the reading. */
export function concurrencyReading(result: ConcurrencyResult): string[] {
	const { goalLatencyMs, goals, rateLimitPerSecond, capacity } = CONCURRENCY;
	const lines: string[] = [];
	const parts: string[] = [];
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
				`; at most ${int(node.maxInFlight)} in flight; CPU time ${ms(node.measured.cpuMs)}` +
				(http?.measured ? ` against the HTTP Request node's ${ms(http.measured.cpuMs)}` : ''),
		);
	}
	if (parts.length > 0) {
		lines.push(
			`**Items side by side, ${goalLatencyMs} ms per request.** ${parts.join('; ')}. The client, the proxy and the sandbox ` +
				'share one process: where a way takes about as much CPU time as wall time, that process is busy throughout, and ' +
				'the work per request, not the number in flight, is what bounds its time.',
		);
	}
	const limited = result.rateLimited.find((row) => row.way === 'node' && row.variant?.startsWith('the gateway'));
	if (limited?.measured) {
		const m = limited.measured;
		const vs = m.wallMs / rateOptimalMs(limited.items);
		const share = (m.statuses['429'] ?? 0) / Math.max(1, m.apiRequests);
		const others = result.rateLimited
			.filter((row) => row !== limited && row.measured)
			.map(
				(row) =>
					`${WAYS[row.way]}${row.way === 'node' ? ' (the gateway not stating its limit)' : ''}: ${ms(row.measured!.wallMs)} ` +
					`(${(row.measured!.wallMs / rateOptimalMs(row.items)).toFixed(2)}×), ${int(row.measured!.statuses['429'] ?? 0)} answers 429, ${int(row.measured!.result.failed)} failed items`,
			);
		lines.push(
			`**Behind a gateway of ${rateLimitPerSecond} requests a second that states it in a RateLimit-Policy header with its 429s.** The node took ${ms(m.wallMs)}, ${vs.toFixed(2)}× the limit's best ` +
				`(${ms(rateOptimalMs(limited.items))}; goal ≤ ${goals.vsRateOptimal}×: ${verdict(vs <= goals.vsRateOptimal)}), with ${(100 * share).toFixed(1)}% of its ` +
				`requests refused (goal ≤ ${100 * goals.refusedShare}%: ${verdict(share <= goals.refusedShare)}) and ${int(m.result.failed)} failed items ` +
				`(goal 0: ${verdict(m.result.failed === 0 && !m.result.stopped)}). ${others.join('; ')}. The first 429 pauses every request for its ` +
				'Retry-After and sets a pace: 95% of the stated rate, or without one 95% of what got through, counted over the ' +
				'requests sent in the second up to the refused one (those answered after its 429 included, and the refused ' +
				'one itself), rising 1% a second while nothing is refused; later 429s hold only the refused request.',
		);
	}
	const queued = result.queueing.find((row) => row.way === 'node');
	if (queued?.measured) {
		const vs = queued.measured.wallMs / capacityOptimalMs(queued.items);
		const fixed = result.queueing.find((row) => row.way === 'fixed8')?.measured;
		lines.push(
			`**Against a service that works ${capacity} requests at a time** (${goalLatencyMs} ms each, the rest waiting in its queue): the node took ` +
				`${ms(queued.measured.wallMs)}, ${vs.toFixed(2)}× the capacity's best (${ms(capacityOptimalMs(queued.items))}; goal ≤ ${goals.vsCapacityOptimal}×: ` +
				`${verdict(vs <= goals.vsCapacityOptimal)}), at most ${int(queued.maxInFlight)} in flight` +
				(fixed ? `; a fixed 8 took ${ms(fixed.wallMs)}, leaving half of it idle` : '') +
				`. The requests past its ${capacity} wait in its queue: the limit backs off once the 10th percentile of a round's round trips ` +
				`passes ${ADAPTIVE.tolerance} times the lowest seen and the answers a second no longer need what is in flight, to that need ` +
				`times ${ADAPTIVE.tolerance}.`,
		);
	}
	return lines;
}
