/* Benchmark code (bench/), never published. */
/**
 * Items side by side (issue 25): N per-item requests through a proxy that adds a round trip (bench/latencyProxy.ts),
 * by the node one at a time (Requests in Parallel 1), the node as it comes (the default), n8n's HTTP Request node
 * with default options, and a plain fetch script with the node's default concurrency; then the node and the HTTP
 * Request node against the sandbox's gateway rate limit.
 */
import { type INode, NodeConnectionTypes } from 'n8n-workflow';

import { PARALLEL, RETRY } from '../nodes/shared/transport';
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
	latenciesMs: [50, 100, 200],
	/** The latency the goals are stated at. */
	goalLatencyMs: 100,
	/**
	 * One at a time costs N × the latency; at the latencies other than the goal's it runs over this many items
	 * (its time grows linearly with N, so "per 1,000 items" scales it), to keep the section near ten minutes.
	 */
	oneAtATimeSmallN: 100,
	rateLimitPerSecond: 20,
	rateLimitLatencyMs: 100,
	goals: { speedUp: 6, vsScript: 1.3 },
};

type OperationKey = 'classify' | 'get';
type Way = 'one' | 'node' | 'http' | 'script';

const WAYS: Record<Way, string> = {
	one: 'node, Requests in Parallel 1 (one at a time, as before)',
	node: `node, default (Requests in Parallel ${PARALLEL.default})`,
	http: 'HTTP Request node (type version 4.2), default options',
	script: `plain script: fetch, ${PARALLEL.default} at once, one login`,
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
	measured?: Measured<Outcome>;
	notMeasured?: string;
}

export interface ConcurrencyResult {
	n: number;
	rows: ConcurrencyRow[];
	/** Rows against the sandbox's gateway rate limit. */
	rateLimited: ConcurrencyRow[];
}

interface Context {
	sandbox: Sandbox;
	harness: ReturnType<typeof createBenchHarness>;
	httpRequest: HttpRequestNode;
}

/** One run of `way` for `items` items through `proxy`, starting without an access token (so each way logs in). */
async function runWay(context: Context, proxy: LatencyProxy, key: OperationKey, way: Way, items: number): Promise<ConcurrencyRow> {
	const { sandbox, harness } = context;
	const operation = OPERATIONS[key];
	const row: ConcurrencyRow = { latencyMs: proxy.delayMs, operation: key, way, items, maxInFlight: 0, connections: 0, notes: [] };
	if (way === 'http' && context.httpRequest.reason) return { ...row, notMeasured: context.httpRequest.reason };
	setCredential(harness, proxy.url, '');
	proxy.resetCounts();
	row.measured = await measure(sandbox, async (): Promise<Outcome> => {
		if (way === 'script') return await script(proxy.url, operation, items);
		const node = way === 'http' ? operation.http(proxy.url) : operation.node(way === 'one' ? 1 : undefined);
		// On Error: Continue (regular output), for every way: a failed item is counted, not the end of the run.
		const run = await harness.runWorkflow(
			{
				nodes: [
					{ id: 'items', name: 'Items', type: TYPES.items, typeVersion: 1, position: [0, 0], parameters: { count: items, prefix: key } },
					{ id: 'target', position: [200, 0], ...node, onError: 'continueRegularOutput' },
				],
				connections: { Items: { main: [[{ node: node.name, type: NodeConnectionTypes.Main, index: 0 }]] } },
			},
			{ startNodeName: 'Items' },
		);
		if (run.error) return { failed: items, stopped: run.error.message };
		const output = run.outputOf(node.name);
		if (output.length !== items) return { failed: items, stopped: `${output.length} output items for ${items} input items` };
		return { failed: output.filter((item) => item.json.error !== undefined).length };
	});
	const { maxInFlight, upstreamErrors, connections } = proxy.counts();
	row.maxInFlight = maxInFlight;
	row.connections = connections;
	if (upstreamErrors > 0) row.notes.push(`${int(upstreamErrors)} requests the proxy could not pass on`);
	if (row.measured.listenDrops) row.notes.push(`${int(row.measured.listenDrops)} connects dropped by a full listen queue`);
	return row;
}

/** A plain script: one login, then `PARALLEL.default` workers each sending the next item's request. */
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
	await Promise.all(Array.from({ length: PARALLEL.default }, worker));
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
		// Warm-up (not measured): every way loads its code paths over 20 items.
		for (const key of keys) for (const way of ways) await runWay(context, proxies[0], key, way, 20);

		const rows: ConcurrencyRow[] = [];
		for (const proxy of proxies) {
			for (const key of keys) {
				for (const way of ways) {
					const items = way === 'one' && proxy.delayMs !== CONCURRENCY.goalLatencyMs ? CONCURRENCY.oneAtATimeSmallN : n;
					const row = await runWay(context, proxy, key, way, items);
					rows.push(row);
					log(`concurrency ${proxy.delayMs} ms ${key} ${way} ×${int(items)}: ${describeRow(row)}`);
				}
			}
		}

		const rateLimited: ConcurrencyRow[] = [];
		const proxy = proxies[CONCURRENCY.latenciesMs.indexOf(CONCURRENCY.rateLimitLatencyMs)];
		for (const key of keys) {
			for (const way of ['node', 'http'] as const) {
				sandbox.setFaults({ rateLimitPerSecond: CONCURRENCY.rateLimitPerSecond });
				const row = await runWay(context, proxy, key, way, n);
				const throttled = sandbox.clearFaults().throttled;
				const answered429 = row.measured?.statuses['429'] ?? 0;
				if (row.measured && answered429 !== throttled) row.notes.push(`${answered429} answers 429 in the log, ${throttled} counted as throttled`);
				rateLimited.push(row);
				log(`concurrency rate limit ${CONCURRENCY.rateLimitPerSecond}/s ${key} ${way}: ${describeRow(row)}`);
			}
		}
		return { n, rows, rateLimited };
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
	return int(m.result.failed) + (m.result.stopped ? ` (stopped: ${m.result.stopped})` : '') + (m.note ? ` (${m.note})` : '');
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
			'vs script',
			'most in flight',
			'connections opened',
			'CPU time',
			'429s',
			'failed items',
			'logins',
		],
		result.rows.map((row) => {
			const one = find(result.rows, row.latencyMs, row.operation, 'one');
			const script = find(result.rows, row.latencyMs, row.operation, 'script');
			const head = [`${row.latencyMs} ms`, OPERATIONS[row.operation].label, WAYS[row.way], int(row.items)];
			if (!row.measured) return [...head, `not measured: ${row.notMeasured}`, '', '', '', '', '', '', '', '', ''];
			const m = row.measured;
			return [
				...head,
				ms(m.wallMs),
				ms(per1000(row)),
				one?.measured && row.way !== 'one' ? `${ratio(per1000(one), per1000(row))} as fast` : '',
				script?.measured && row.way !== 'script' ? `${ratio(per1000(row), per1000(script))} the time` : '',
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

export function rateLimitTable(result: ConcurrencyResult): string {
	return table(
		['operation', 'way', 'items', 'wall time', 'requests sent', 'answered 429', 'failed items', 'most in flight', 'connections opened', 'logins'],
		result.rateLimited.map((row) => {
			const head = [OPERATIONS[row.operation].label, WAYS[row.way], int(row.items)];
			if (!row.measured) return [...head, `not measured: ${row.notMeasured}`, '', '', '', '', '', ''];
			const m = row.measured;
			return [
				...head,
				ms(m.wallMs),
				int(m.apiRequests),
				int(m.statuses['429'] ?? 0),
				failedCell(row),
				int(row.maxInFlight),
				int(row.connections) + (row.notes.length ? ` (${row.notes.join('; ')})` : ''),
				int(m.logins),
			];
		}),
	);
}

const verdict = (met: boolean) => (met ? 'met' : '**not met**');

/** The goals, each computed from this run's rows; sentences for the reading. */
export function concurrencyReading(result: ConcurrencyResult): string[] {
	const { goalLatencyMs, goals, rateLimitPerSecond } = CONCURRENCY;
	const lines: string[] = [];
	const parts: string[] = [];
	for (const key of Object.keys(OPERATIONS) as OperationKey[]) {
		const one = find(result.rows, goalLatencyMs, key, 'one')?.measured;
		const node = find(result.rows, goalLatencyMs, key, 'node')?.measured;
		const script = find(result.rows, goalLatencyMs, key, 'script')?.measured;
		const http = find(result.rows, goalLatencyMs, key, 'http')?.measured;
		if (!one || !node || !script) continue;
		const speedUp = one.wallMs / node.wallMs;
		const vsScript = node.wallMs / script.wallMs;
		parts.push(
			`${OPERATIONS[key].label}: ${int(result.n)} items took ${ms(node.wallMs)} by default against ${ms(one.wallMs)} one at ` +
				`a time, ${speedUp.toFixed(2)}× as fast (goal ≥ ${goals.speedUp}×: ${verdict(speedUp >= goals.speedUp)}), and ` +
				`${vsScript.toFixed(2)}× the time of the plain script with the same ${PARALLEL.default} at once (${ms(script.wallMs)}; ` +
				`goal ≤ ${goals.vsScript}×: ${verdict(vsScript <= goals.vsScript)})` +
				(http ? `; the HTTP Request node took ${ms(http.wallMs)} with ${int(find(result.rows, goalLatencyMs, key, 'http')?.maxInFlight ?? 0)} requests in flight at once` : ''),
		);
	}
	if (parts.length > 0) lines.push(`**Items side by side, ${goalLatencyMs} ms per request.** ${parts.join('; ')}.`);
	const opened = (way: Way) => {
		const rows = result.rows.filter((row) => row.way === way && row.measured && row.items === result.n);
		if (rows.length === 0) return undefined;
		const [low, high] = [Math.min(...rows.map((row) => row.connections)), Math.max(...rows.map((row) => row.connections))];
		return low === high ? int(low) : `${int(low)}–${int(high)}`;
	};
	const nodeConnections = opened('node');
	const scriptConnections = opened('script');
	if (nodeConnections && scriptConnections) {
		lines.push(
			`**Connections.** For ${int(result.n)} items (and one login) the node opened ${nodeConnections} connections, the HTTP ` +
				`Request node ${opened('http') ?? 'not measured'}, the script ${scriptConnections}: n8n's request helper ` +
				'(`httpRequestWithAuthentication`; n8n-core builds a new agent for each request) keeps no connection alive ' +
				'between requests, while fetch keeps its few open. Over a real network every new connection costs at least one ' +
				'more round trip (two or three with TLS) that this proxy, which delays requests and not connections, does not ' +
				'charge; so the node\'s time against the script\'s above is a lower bound of what a distant service would show.',
		);
	}
	const limited: string[] = [];
	for (const key of Object.keys(OPERATIONS) as OperationKey[]) {
		const node = result.rateLimited.find((row) => row.operation === key && row.way === 'node')?.measured;
		const http = result.rateLimited.find((row) => row.operation === key && row.way === 'http')?.measured;
		if (!node) continue;
		const node429 = node.statuses['429'] ?? 0;
		const text =
			`${OPERATIONS[key].label}: the node ended with ${int(node.result.failed)} failed items (goal 0: ${verdict(node.result.failed === 0 && !node.result.stopped)}) ` +
			`after ${int(node429)} answers 429 in ${ms(node.wallMs)}`;
		limited.push(
			http
				? `${text}; the HTTP Request node ended with ${int(http.result.failed)} failed items after ${int(http.statuses['429'] ?? 0)} ` +
						`answers 429 in ${ms(http.wallMs)} (goal: the node no more 429s than it: ${verdict(node429 <= (http.statuses['429'] ?? 0))})`
				: `${text} (the HTTP Request node not measured)`,
		);
	}
	if (limited.length > 0) {
		lines.push(
			`**Items side by side under a rate limit of ${rateLimitPerSecond} requests a second.** ${limited.join('; ')}. A 429 ` +
				'pauses every request of the node for its Retry-After and a refused request is sent again (at most ' +
				`${RETRY.attempts} attempts), so the node keeps to the limit at its pace; the HTTP Request node with default options ` +
				'sends every item at once, and n8n-core repeats a failed request made with a credential that has a login step ' +
				'once, after logging in again: each refused item costs two 429s, and the run one more login.',
		);
	}
	return lines;
}
