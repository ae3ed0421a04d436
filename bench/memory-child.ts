/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * One memory measurement in a process of its own (started by memory.ts with `node --expose-gc`): Return All over
 * every dataset of the sandbox at BENCH_SANDBOX_URL, by the Datasets node through the engine (BENCH_MODE=node) or by
 * a plain axios loop (BENCH_MODE=axios). Prints one JSON line: memory before, at its peak, and held afterwards.
 */
import './resolve-ts-first';

import { performance } from 'node:perf_hooks';

import { axiosReturnAll } from './returnAll';
import { gc, trackPeakMemory } from './child';
import { createBenchHarness, setCredential, TYPES } from './common';

const MB = 1024 * 1024;

async function main() {
	const baseUrl = process.env.BENCH_SANDBOX_URL;
	const mode = process.env.BENCH_MODE;
	if (!baseUrl || (mode !== 'node' && mode !== 'axios')) throw new Error('BENCH_SANDBOX_URL and BENCH_MODE=node|axios');

	// Both modes load the same code and make the same warm-up request, so their baselines match.
	const harness = createBenchHarness();
	setCredential(harness, baseUrl);
	const getMany = (parameters: Record<string, unknown>) =>
		harness.runNode({ type: TYPES.datasets, parameters: { resource: 'dataset', operation: 'getMany', ...parameters } });
	const warm = await getMany({ returnAll: false, limit: 10 });
	if (warm.error) throw new Error(warm.error.message);

	const memory = trackPeakMemory();
	const { before } = memory;

	const started = performance.now();
	let held: unknown;
	let records: number;
	if (mode === 'node') {
		const { items, error } = await getMany({ returnAll: true });
		if (error) throw new Error(error.message);
		held = items;
		records = items.length;
	} else {
		const all = await axiosReturnAll(baseUrl);
		held = all;
		records = all.length;
	}
	const wallMs = performance.now() - started;
	const { peakRss, peakHeap } = memory.stop();

	// What the output still holds once the garbage of the run is collected (the output itself is kept alive).
	gc();
	const after = process.memoryUsage();
	process.stdout.write(
		`${JSON.stringify({
			mode,
			records,
			wallMs,
			beforeRssMb: before.rss / MB,
			beforeHeapMb: before.heapUsed / MB,
			peakRssMb: peakRss / MB,
			peakHeapMb: peakHeap / MB,
			heldHeapMb: after.heapUsed / MB,
			heldBytesPerRecord: (after.heapUsed - before.heapUsed) / records,
			peakHeapBytesPerRecord: (peakHeap - before.heapUsed) / records,
			stillHeld: held !== undefined,
		})}\n`,
	);
}

main().then(
	() => process.exit(0),
	(error: Error) => {
		process.stderr.write(`${error.stack ?? error.message}\n`);
		process.exit(1);
	},
);
