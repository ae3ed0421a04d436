/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * One memory measurement of an answer far larger than it should be, in a process of its own (started by
 * answerCap.ts with `node --expose-gc`): a dataset read (GET /api/v1/datasets/{id}) whose answer the server at
 * BENCH_API_URL sends gzip-encoded, unpacking to BENCH_UNPACKED_MB. BENCH_MODE `node`: the Datasets node's Get
 * through the engine (refused at the answer cap); `http`: n8n's HTTP Request node with default options and the
 * package's credential; `run`: BENCH_ITEMS items of the Datasets node's Get side by side at Requests in Parallel
 * BENCH_PARALLEL, each answered so, with the run's answer budget (ANSWER_LIMITS.runBytes) or, BENCH_BUDGET=off,
 * without it. Prints one JSON line.
 */
import './resolve-ts-first';

import { performance } from 'node:perf_hooks';

import type { INode } from 'n8n-workflow';

import { ANSWER_LIMITS, AnswerBudget } from '../nodes/shared/http/answers';
import { trackPeakMemory } from './child';
import { byId, createBenchHarness, CREDENTIAL, DATASET, setCredential, TYPES } from './common';
import { loadHttpRequestNode } from './httpRequestNode';

const MB = 1024 * 1024;

export interface AnswerCapResult {
	mode: 'node' | 'http' | 'run';
	/** `run`: items side by side, Requests in Parallel, whether the run budget was on, and its own peak count. */
	items?: number;
	parallel?: number;
	budget?: 'on' | 'off';
	budgetMb?: number;
	budgetPeakMb?: number;
	unpackedMb: number;
	capMb: number;
	outcome: string;
	wallMs: number;
	peakHeapGrowthMb: number;
	peakRssGrowthMb: number;
}

async function main() {
	const baseUrl = process.env.BENCH_API_URL;
	const mode = process.env.BENCH_MODE;
	const unpackedMb = Number(process.env.BENCH_UNPACKED_MB);
	const saved = { ...ANSWER_LIMITS };
	if (!baseUrl || (mode !== 'node' && mode !== 'http' && mode !== 'run') || !unpackedMb)
		throw new Error('BENCH_API_URL, BENCH_MODE=node|http|run, BENCH_UNPACKED_MB');
	const items = Number(process.env.BENCH_ITEMS ?? 1);
	const parallel = Number(process.env.BENCH_PARALLEL ?? 8);
	const budgetOn = process.env.BENCH_BUDGET !== 'off';
	if (!budgetOn) ANSWER_LIMITS.runBytes = Number.POSITIVE_INFINITY;
	// The run's budget, to read its own count afterwards.
	const budgets = new Set<AnswerBudget>();
	const share = AnswerBudget.prototype.share;
	AnswerBudget.prototype.share = function (this: AnswerBudget) {
		budgets.add(this);
		return share.call(this);
	};
	const http = mode === 'http' ? loadHttpRequestNode() : undefined;
	if (http?.reason) throw new Error(http.reason);
	const harness = createBenchHarness(http?.node);
	setCredential(harness, baseUrl);
	const httpNode = (path: string): INode => ({
		id: 'bench-http',
		name: 'HTTP Request',
		type: TYPES.httpRequest,
		typeVersion: 4.2,
		position: [0, 0],
		parameters: {
			url: `${baseUrl}${path}`,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: CREDENTIAL,
		},
		credentials: { [CREDENTIAL]: { id: CREDENTIAL, name: 'Media Analysis (bench)' } },
	});
	const run = async (path: string) => {
		if (mode === 'node')
			return await harness.runNode({
				type: TYPES.datasets,
				parameters: { resource: 'dataset', operation: 'get', datasetId: byId(DATASET) },
			});
		if (mode === 'run') {
			return await harness.runNode({
				type: TYPES.datasets,
				parameters: {
					resource: 'dataset',
					operation: 'get',
					datasetId: byId(DATASET),
					requestOptions: { parallelRequests: parallel },
				},
				inputItems: Array.from({ length: items }, (_, i) => ({ i })),
				continueOnFail: true,
			});
		}
		return await harness.runWorkflow({ nodes: [httpNode(path)], connections: {} }, { startNodeName: 'HTTP Request' });
	};
	// The same code loaded and a small answer read first (the server answers small until told otherwise).
	const warm = await run(`/api/v1/datasets/${DATASET}`);
	if (warm.error) throw new Error(warm.error.message);
	await fetch(`${baseUrl}/__bench/large`, { method: 'POST' });

	const memory = trackPeakMemory();
	const started = performance.now();
	budgets.clear();
	const ran = await run(`/api/v1/datasets/${DATASET}`);
	const { error } = ran;
	const output = 'items' in ran ? (ran.items as Array<{ json: { error?: unknown } }>) : undefined;
	const firstError = output?.find((item) => item.json.error)?.json.error;
	const wallMs = performance.now() - started;
	const { peakRss, peakHeap } = memory.stop();
	const result: AnswerCapResult = {
		mode,
		unpackedMb,
		capMb: ANSWER_LIMITS.apiBytes / MB,
		outcome: error
			? `refused: ${error.message}`
			: firstError
				? `each item refused: ${String(firstError)}`
				: 'read whole',
		wallMs,
		peakHeapGrowthMb: (peakHeap - memory.before.heapUsed) / MB,
		peakRssGrowthMb: (peakRss - memory.before.rss) / MB,
		...(mode === 'run'
			? {
					items,
					parallel,
					budget: budgetOn ? 'on' : 'off',
					budgetMb: budgetOn ? saved.runBytes / MB : undefined,
					budgetPeakMb: Math.max(0, ...[...budgets].map((budget) => budget.peak)) / MB,
				}
			: {}),
	};
	process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
		process.exit(1);
	},
);
