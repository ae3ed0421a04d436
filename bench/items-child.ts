/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * One measurement of BENCH_ITEMS input items in a process of its own (started by items.ts with `node --expose-gc`),
 * against the server at BENCH_API_URL (items.ts: answers the login and the dataset read at once). BENCH_MODE:
 * - `node`: Items → Datasets › Get (one fixed dataset ID) through the engine, one request per item;
 * - `echo`: Items → a bench node that returns its input items (n8n alone, no request);
 * - `record`: Items → a bench node that returns, per item, its own copy of the record the Get returns (n8n alone
 *   holding the same output, no request);
 * - `script`: a plain fetch script sending the same requests, ITEMS_SCRIPT_PARALLEL at once, answers kept in order.
 * Every mode loads the same code and runs the same 20-item warm-up of the Get first, so their baselines match.
 * Prints one JSON line.
 */
import './resolve-ts-first';

import { constants, performance, PerformanceObserver } from 'node:perf_hooks';

import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { DEMO_PERSONAL_TOKEN } from '../sandbox/server';
import { gc, trackPeakMemory } from './child';
import {
	byId,
	createBenchHarness,
	CREDENTIAL,
	DATASET,
	LOGIN_PATH,
	runAfterItems,
	runIfMain,
	setCredential,
	TYPES,
} from './common';

const MB = 1024 * 1024;
export const ITEMS_SCRIPT_PARALLEL = 100;

export type ItemsMode = 'node' | 'echo' | 'record' | 'script';

export interface ItemsResult {
	mode: ItemsMode;
	items: number;
	/** Output items (or answers kept) and whether each sat at its input's place. */
	output: number;
	inOrder: boolean;
	failed: number;
	wallMs: number;
	cpuMs: number;
	beforeRssMb: number;
	beforeHeapMb: number;
	peakRssMb: number;
	peakHeapMb: number;
	/** The heap once the run's garbage is collected, its output still referenced. */
	heldHeapMb: number;
	/**
	 * The live heap at its highest: the heap right after each full collection V8 made during the run (what survived
	 * it), or the held heap at the end if higher. The peaks above also count garbage V8 had not yet collected.
	 */
	peakLiveHeapMb: number;
	/** Full collections V8 made during the run. */
	majorGcs: number;
}

/** The heap right after each full (mark-compact) collection until `stop`: what was live then. */
function trackLiveHeap() {
	let peak = 0;
	let count = 0;
	const observer = new PerformanceObserver((list) => {
		for (const entry of list.getEntries()) {
			if ((entry.detail as { kind?: number } | undefined)?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
			count++;
			peak = Math.max(peak, process.memoryUsage().heapUsed);
		}
	});
	observer.observe({ entryTypes: ['gc'] });
	return {
		stop() {
			observer.disconnect();
			return { peak, count };
		},
	};
}

const ECHO = 'n8n-nodes-bench.echo';
const RECORD = 'n8n-nodes-bench.record';

const benchNode = (name: string, execute: INodeType['execute']): INodeType => ({
	description: {
		displayName: `Bench ${name}`,
		name,
		group: ['transform'],
		version: 1,
		description: 'Bench only',
		defaults: { name },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Record', name: 'record', type: 'string', default: '' }],
	},
	execute,
});

/** Returns its input items. */
const echoNode = benchNode('echo', async function (this: IExecuteFunctions) {
	return [this.getInputData()];
});

/** Returns, per input item, the record given as JSON text, parsed anew (each item its own object, as answers are). */
const recordNode = benchNode('record', async function (this: IExecuteFunctions) {
	const text = this.getNodeParameter('record', 0) as string;
	const out: INodeExecutionData[] = this.getInputData().map((_, item) => ({
		json: JSON.parse(text) as IDataObject,
		pairedItem: { item },
	}));
	return [out];
});

async function main() {
	const baseUrl = process.env.BENCH_API_URL;
	const mode = process.env.BENCH_MODE as ItemsMode;
	const count = Number(process.env.BENCH_ITEMS);
	if (!baseUrl || !['node', 'echo', 'record', 'script'].includes(mode) || !count)
		throw new Error('BENCH_API_URL, BENCH_MODE=node|echo|record|script, BENCH_ITEMS');

	const harness = createBenchHarness(undefined, { [ECHO]: echoNode, [RECORD]: recordNode });
	setCredential(harness, baseUrl);
	const credentials = { [CREDENTIAL]: { id: CREDENTIAL, name: 'Media Analysis (bench)' } };
	const target = (): { name: string; type: string; parameters: INodeParameters; credentials?: typeof credentials } =>
		mode === 'echo'
			? { name: 'Echo', type: ECHO, parameters: {} }
			: mode === 'record'
				? { name: 'Record', type: RECORD, parameters: { record: recordText } }
				: {
						name: 'Get Dataset',
						type: TYPES.datasets,
						parameters: { resource: 'dataset', operation: 'get', datasetId: byId(DATASET) },
						credentials,
					};
	const runItems = async (items: number, node: ReturnType<typeof target>) => {
		const run = await runAfterItems(harness, items, 'items', node);
		if (run.error) throw new Error(`${node.name}: ${run.error.message} ${String(run.error.description ?? '')}`);
		return run;
	};

	// The same warm-up for every mode (it logs in and saves the token): the Get over 20 items.
	const getNode = {
		name: 'Get Dataset',
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'get', datasetId: byId(DATASET) },
		credentials,
	};
	const warm = await runItems(20, getNode);
	const recordText = JSON.stringify(warm.outputOf(getNode.name)[0].json);
	const token = String((harness.credentials.get(CREDENTIAL) as { accessToken?: unknown }).accessToken ?? '');

	const memory = trackPeakMemory();
	const { before } = memory;
	const stopProbe = probe(before.heapUsed);
	const live = trackLiveHeap();
	const cpu = process.cpuUsage();
	const started = performance.now();
	let held: unknown;
	let output = 0;
	let inOrder = true;
	let failed = 0;
	if (mode === 'script') {
		const answers = await script(baseUrl, token, count);
		held = answers;
		output = answers.length;
		failed = answers.filter((answer) => answer === undefined).length;
	} else {
		const run = await runItems(count, target());
		const items = run.outputOf(target().name);
		held = run;
		output = items.length;
		for (let i = 0; i < items.length; i++) {
			const paired = items[i].pairedItem as { item: number } | undefined;
			if (paired?.item !== i) inOrder = false;
			if (items[i].json.error !== undefined) failed++;
		}
	}
	const wallMs = performance.now() - started;
	stopProbe();
	const liveHeap = live.stop();
	const { user, system } = process.cpuUsage(cpu);
	const { peakRss, peakHeap } = memory.stop();
	gc();
	const after = process.memoryUsage();
	const result: ItemsResult & { stillHeld: boolean } = {
		mode,
		items: count,
		output,
		inOrder,
		failed,
		wallMs,
		cpuMs: (user + system) / 1000,
		beforeRssMb: before.rss / MB,
		beforeHeapMb: before.heapUsed / MB,
		peakRssMb: peakRss / MB,
		peakHeapMb: peakHeap / MB,
		heldHeapMb: after.heapUsed / MB,
		peakLiveHeapMb: Math.max(liveHeap.peak, after.heapUsed) / MB,
		majorGcs: liveHeap.count,
		stillHeld: held !== undefined,
	};
	process.stdout.write(`${JSON.stringify(result)}\n`);
}

/**
 * Not part of a measured run (it forces collections): BENCH_PROBE_MS makes the child collect every that many ms of
 * the run and write the live heap growth to stderr, so retained memory shows apart from garbage not yet collected;
 * BENCH_SNAPSHOT_AT_MS writes a heap snapshot (to the working directory) once after a collection at that moment.
 */
function probe(baseHeap: number): () => void {
	const every = Number(process.env.BENCH_PROBE_MS ?? 0);
	const snapshotAt = Number(process.env.BENCH_SNAPSHOT_AT_MS ?? 0);
	const timers: NodeJS.Timeout[] = [];
	const started = performance.now();
	if (every > 0)
		timers.push(
			setInterval(() => {
				gc();
				const live = (process.memoryUsage().heapUsed - baseHeap) / MB;
				process.stderr.write(
					`probe ${((performance.now() - started) / 1000).toFixed(0)} s: live heap +${live.toFixed(0)} MB\n`,
				);
			}, every),
		);
	if (snapshotAt > 0)
		timers.push(
			setTimeout(() => {
				gc();
				// eslint-disable-next-line @typescript-eslint/no-require-imports
				const file = (require('node:v8') as typeof import('node:v8')).writeHeapSnapshot();
				process.stderr.write(`snapshot ${file}\n`);
			}, snapshotAt),
		);
	return () => timers.forEach((timer) => clearTimeout(timer));
}

/**
 * The same GET per item, ITEMS_SCRIPT_PARALLEL at once, with the token the warm-up saved (a login if it had none);
 * each answer's JSON kept at its item's place.
 */
async function script(baseUrl: string, savedToken: string, count: number): Promise<Array<IDataObject | undefined>> {
	let token = savedToken;
	if (!token) {
		const login = await fetch(`${baseUrl}${LOGIN_PATH}`, {
			method: 'POST',
			headers: { authorization: `Bearer ${DEMO_PERSONAL_TOKEN}`, 'content-type': 'application/json' },
			body: JSON.stringify({ grant_type: 'refresh_token' }),
		});
		token = String(((await login.json()) as { access_token: string }).access_token);
	}
	const answers: Array<IDataObject | undefined> = new Array(count);
	let next = 0;
	const worker = async () => {
		for (let i = next++; i < count; i = next++) {
			try {
				const answer = await fetch(`${baseUrl}/api/v1/datasets/${DATASET}`, {
					headers: { authorization: `Bearer ${token}` },
				});
				if (answer.ok) answers[i] = (await answer.json()) as IDataObject;
				else await answer.arrayBuffer();
			} catch {
				// counted as failed: its place stays empty
			}
		}
	};
	await Promise.all(Array.from({ length: ITEMS_SCRIPT_PARALLEL }, worker));
	return answers;
}

// items.ts imports the types and constants above; only the child process runs.
runIfMain(module, main);
