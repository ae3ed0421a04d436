/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import './resolve-ts-first';

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeType,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { MediaAnalysisApi } from '../credentials/MediaAnalysisApi.credentials';
import { MediaAnalysisConcepts } from '../nodes/MediaAnalysisConcepts/MediaAnalysisConcepts.node';
import { MediaAnalysisDatasets } from '../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { MediaAnalysisIngestion } from '../nodes/MediaAnalysisIngestion/MediaAnalysisIngestion.node';
import { MediaAnalysisIngestionTrigger } from '../nodes/MediaAnalysisIngestionTrigger/MediaAnalysisIngestionTrigger.node';
import { stableUuid } from '../sandbox/assets/model';
import {
	DEMO_PERSONAL_TOKEN,
	SEED_DATASET_IDS,
	startSandbox,
	type Sandbox,
	type SandboxOptions,
} from '../sandbox/server';
import { createHarness, type Harness, type WorkflowRunResult } from '../test/harness/engine';

export const PACKAGE = 'n8n-nodes-media-analysis';
export const TYPES = {
	concepts: `${PACKAGE}.mediaAnalysisConcepts`,
	datasets: `${PACKAGE}.mediaAnalysisDatasets`,
	ingestion: `${PACKAGE}.mediaAnalysisIngestion`,
	trigger: `${PACKAGE}.mediaAnalysisIngestionTrigger`,
	/** The type name n8n gives its HTTP Request node: n8n-core grants it access to any credential by that name. */
	httpRequest: 'n8n-nodes-base.httpRequest',
	items: 'n8n-nodes-bench.items',
} as const;

export const CREDENTIAL = 'mediaAnalysisApi';
export const LOGIN_PATH = '/api/v0/login';
export const DATASET = SEED_DATASET_IDS.demoImages;
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** A node that emits `count` items `{i, url}`: the same input for every way of sending them. */
const itemsNode: INodeType = {
	description: {
		displayName: 'Bench Items',
		name: 'items',
		group: ['input'],
		version: 1,
		description: 'Emits numbered items with a unique image URL each',
		defaults: { name: 'Items' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Count', name: 'count', type: 'number', default: 1 },
			{ displayName: 'Prefix', name: 'prefix', type: 'string', default: 'item' },
		],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const count = this.getNodeParameter('count', 0) as number;
		const prefix = this.getNodeParameter('prefix', 0) as string;
		const items: INodeExecutionData[] = [];
		for (let i = 0; i < count; i++) {
			items.push({ json: { i, url: imageUrl(prefix, i) }, pairedItem: { item: 0 } });
		}
		return [items];
	},
};

/**
 * A unique image URL per item. The number is spelt in letters (0 → a … 9 → j): the sandbox fails any path containing
 * "404" as a broken URL, which item 404 would otherwise be.
 */
export const imageUrl = (prefix: string, i: number) =>
	`https://media.example.com/bench/${prefix}-${String(i).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)])}.jpg`;

export interface Bed {
	sandbox: Sandbox;
	harness: Harness;
	/** Points the credential at the sandbox; `accessToken` '' means the next request logs in first. */
	useCredential(accessToken?: string): void;
	/** Runs `Items (count) → node` as one execution. */
	runAfterItems(count: number, prefix: string, node: Omit<INode, 'id' | 'position'>): Promise<WorkflowRunResult>;
	close(): Promise<void>;
}

/** The engine harness with the package's Concepts, Datasets, Ingestion and Trigger nodes (and n8n's HTTP Request node, if given). */
export function createBenchHarness(
	httpRequest?: IVersionedNodeType | INodeType,
	extra: Record<string, INodeType> = {},
): Harness {
	const nodeTypes: Record<string, INodeType | IVersionedNodeType> = {
		[TYPES.concepts]: new MediaAnalysisConcepts(),
		[TYPES.datasets]: new MediaAnalysisDatasets(),
		[TYPES.ingestion]: new MediaAnalysisIngestion(),
		[TYPES.trigger]: new MediaAnalysisIngestionTrigger(),
		[TYPES.items]: itemsNode,
		...extra,
	};
	if (httpRequest) nodeTypes[TYPES.httpRequest] = httpRequest;
	const harness = createHarness({ nodeTypes, credentialTypes: [new MediaAnalysisApi()] });
	// Keeping every log line would cost memory and time that a real n8n (log level info, lines written out) does not.
	harness.dispose();
	return harness;
}

/** Points the credential at the sandbox; `accessToken` '' means the next request logs in first. */
export function setCredential(harness: Harness, baseUrl: string, accessToken = ''): void {
	harness.credentials.set(CREDENTIAL, {
		baseUrl,
		authentication: 'personalToken',
		personalToken: DEMO_PERSONAL_TOKEN,
		accessToken,
	});
}

let itemRuns = 0;

/** Runs `node` after the bench's Items node, which makes `count` items named from `prefix`. */
export async function runAfterItems(
	harness: Harness,
	count: number,
	prefix: string,
	node: Omit<INode, 'id' | 'position' | 'typeVersion'> & Partial<INode>,
): Promise<WorkflowRunResult> {
	itemRuns++;
	const source: INode = {
		id: `bench-items-${itemRuns}`,
		name: 'Items',
		type: TYPES.items,
		typeVersion: 1,
		position: [0, 0],
		parameters: { count, prefix },
	};
	const target: INode = { id: `bench-node-${itemRuns}`, typeVersion: 1, position: [200, 0], ...node };
	return await harness.runWorkflow(
		{
			nodes: [source, target],
			connections: { Items: { main: [[{ node: target.name, type: NodeConnectionTypes.Main, index: 0 }]] } },
		},
		{ startNodeName: 'Items' },
	);
}

export async function startBed(
	options: { httpRequest?: IVersionedNodeType | INodeType; sandbox?: SandboxOptions } = {},
): Promise<Bed> {
	const sandbox = await startSandbox({ port: 0, ...options.sandbox });
	const harness = createBenchHarness(options.httpRequest);
	const bed: Bed = {
		sandbox,
		harness,
		useCredential: (accessToken = '') => setCredential(harness, sandbox.url, accessToken),
		runAfterItems: async (count, prefix, node) => await runAfterItems(harness, count, prefix, node),
		async close() {
			await sandbox.close();
		},
	};
	bed.useCredential();
	return bed;
}

export interface Measured<T> {
	result: T;
	/** Median wall time when measured more than once. */
	wallMs: number;
	/** Every run's wall time, in the order they ran. */
	wallRuns: number[];
	/** CPU time (user + system) of this process over the median run: the client and the in-process sandbox. */
	cpuMs: number;
	/** CPU time of the service's own process (bench/service.ts), when it runs in one. */
	serviceCpuMs?: number;
	/** Requests the sandbox received, logins excluded. */
	apiRequests: number;
	logins: number;
	/** Answers by status (logins excluded), e.g. {"200": 10, "401": 1}. */
	statuses: Record<string, number>;
	/** 429s in the second from the first one on (the requests a client sent before it could read a 429). */
	firstSecond429?: number;
	/** Connection attempts the machine dropped from full accept queues during the run (see listenDrops). */
	listenDrops?: number;
	/** Set when repeated runs differed in what they sent. */
	note?: string;
}

/**
 * Linux's count of connections dropped because a listening socket's accept queue was full (TcpExt ListenDrops,
 * machine-wide); undefined where /proc/net/netstat cannot be read. A dropped connection attempt is retried by the
 * client's kernel after 1 s, then 3 s: time that shows up as waiting, not as CPU.
 */
export function listenDrops(): number | undefined {
	try {
		const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
		for (let i = 0; i + 1 < lines.length; i++) {
			if (!lines[i].startsWith('TcpExt:') || !lines[i + 1].startsWith('TcpExt:')) continue;
			const names = lines[i].split(/\s+/);
			const values = lines[i + 1].split(/\s+/);
			const index = names.indexOf('ListenDrops');
			return index > 0 ? Number(values[index]) : undefined;
		}
	} catch {
		// not Linux, or not readable
	}
	return undefined;
}

/** What a service received during a measurement: its requests (logins apart), logins, and its own CPU time. */
export interface ServiceCounts {
	apiRequests: number;
	logins: number;
	/** Answers by status (logins excluded). */
	statuses: Record<string, number>;
	firstSecond429?: number;
	/** CPU time of the service's process, when it runs in one of its own (bench/service.ts). */
	cpuMs?: number;
}

/** A service's request log: emptied before a measurement, read after it (in this process or another). */
export interface RequestLog {
	clear(): void | Promise<void>;
	read(): ServiceCounts | Promise<ServiceCounts>;
}

/** What the in-process sandbox's request log holds since it was last cleared. */
export function sandboxCounts(sandbox: Sandbox): ServiceCounts {
	const api = sandbox.requests.filter((request) => request.path !== LOGIN_PATH);
	const statuses: Record<string, number> = {};
	for (const request of api) statuses[request.status] = (statuses[request.status] ?? 0) + 1;
	const refusedAt = api.filter((request) => request.status === 429).map((request) => Date.parse(request.at));
	const firstSecond429 = refusedAt.filter((at) => at < refusedAt[0] + 1000).length;
	return { apiRequests: api.length, logins: sandbox.stats().logins, statuses, firstSecond429 };
}

/** Runs `fn` with the sandbox's request log and counters emptied first; counts what it sent. */
export async function measure<T>(sandbox: Sandbox, fn: () => Promise<T>): Promise<Measured<T>> {
	return await measureWith({ clear: () => sandbox.clearRequestLog(), read: () => sandboxCounts(sandbox) }, fn);
}

/** Runs `fn` with `log` emptied first; counts what it sent, and the CPU time of this process (and the service's). */
export async function measureWith<T>(log: RequestLog, fn: () => Promise<T>): Promise<Measured<T>> {
	await log.clear();
	const dropsBefore = listenDrops();
	const cpu = process.cpuUsage();
	const started = performance.now();
	const result = await fn();
	const wallMs = performance.now() - started;
	const { user, system } = process.cpuUsage(cpu);
	const dropsAfter = listenDrops();
	const { apiRequests, logins, statuses, firstSecond429, cpuMs: serviceCpuMs } = await log.read();
	return {
		result,
		wallMs,
		wallRuns: [wallMs],
		cpuMs: (user + system) / 1000,
		serviceCpuMs,
		apiRequests,
		logins,
		statuses,
		firstSecond429,
		listenDrops: dropsBefore === undefined || dropsAfter === undefined ? undefined : dropsAfter - dropsBefore,
	};
}

export async function measureMedian<T>(
	sandbox: Sandbox,
	times: number,
	fn: (round: number) => Promise<T>,
	beforeRound?: () => void,
): Promise<Measured<T>> {
	const runs: Array<Measured<T>> = [];
	for (let round = 0; round < times; round++) {
		beforeRound?.();
		runs.push(await measure(sandbox, () => fn(round)));
	}
	const sorted = [...runs].sort((a, b) => a.wallMs - b.wallMs);
	const median: Measured<T> = {
		...sorted[Math.floor((sorted.length - 1) / 2)],
		wallRuns: runs.map((run) => run.wallMs),
	};
	const counts = runs.map((run) => `${run.apiRequests} requests / ${run.logins} logins`);
	if (new Set(counts).size > 1) median.note = `runs differed: ${counts.join(', ')}`;
	return median;
}

/** Fails the benchmark loudly when a run did not do what it was measured for. */
/** Runs a child process's `main` when the file is the process's entry (its parent only imports its types). */
export function runIfMain(entry: NodeModule, main: () => Promise<void>): void {
	if (require.main !== entry) return;
	main().then(
		() => process.exit(0),
		(error: Error) => {
			process.stderr.write(`${error.stack ?? error.message}\n`);
			process.exit(1);
		},
	);
}

export function check(condition: unknown, message: string): asserts condition {
	if (!condition) throw new Error(`Benchmark check failed: ${message}`);
}

export function assertRunOk(run: WorkflowRunResult, what: string): void {
	if (run.error) throw new Error(`${what} failed: ${run.error.message} ${String(run.error.description ?? '')}`);
}

/** Clones a seed dataset `count` times into the store (ids from `stableUuid`, names unique). */
export function addDatasets(sandbox: Sandbox, count: number, prefix = 'bench'): string[] {
	const template = sandbox.store.datasets.get(SEED_DATASET_IDS.demoImages);
	if (!template) throw new Error('seed dataset demo_images missing');
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const id = stableUuid(`${prefix}-dataset-${i}`);
		sandbox.store.datasets.set(id, {
			...template,
			id,
			name: `${prefix}_${String(i).padStart(6, '0')}`,
			createdAt: template.createdAt + i,
		});
		ids.push(id);
	}
	return ids;
}

export const outputJson = (run: WorkflowRunResult, node: string): IDataObject[] =>
	run.outputOf(node).map((item) => item.json);

// ---- formatting ----

export const ms = (value: number) => (value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);
export const int = (value: number) => value.toLocaleString('en-US');
export const ratio = (value: number, base: number) =>
	base === 0 ? 'n/a' : `${(value / base).toFixed(value / base >= 10 ? 0 : value / base >= 0.1 ? 1 : 2)}×`;
/** The median wall time, with the range when there was more than one run: "2.6 s (2.4–3.1 s)". */
export function wall(measured: Measured<unknown>): string {
	if (measured.wallRuns.length < 2) return ms(measured.wallMs);
	const low = Math.min(...measured.wallRuns);
	const high = Math.max(...measured.wallRuns);
	return `${ms(measured.wallMs)} (${ms(low)}–${ms(high)})`;
}

export function table(header: string[], rows: string[][]): string {
	const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
	return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export type Log = (line: string) => void;
