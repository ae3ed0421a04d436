/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Benchmark code (bench/), never published: the n8n Cloud rules for node code do not apply. */
import { performance } from 'node:perf_hooks';

import { writtenHeld } from '../nodes/shared/transport/written';
import { check, CREDENTIAL, int, type Log, ms, startBed, table, TYPES } from './common';

/** Executions started at once, each a Datasets › Create of `ITEMS` items. */
export const WRITTEN_BENCH = { executions: 1_000, items: 2 };

export interface WrittenRow {
	way: string;
	wallMs: number;
	cpuMs: number;
	heapGrowthMb: number;
	/** Most node-run memories and bytes held at once (sampled), and after the run. */
	peakRuns: number;
	peakBytes: number;
	afterRuns: number;
}

const WAYS: Array<{ way: string; settings: { retryOnFail?: boolean; maxTries?: number } }> = [
	{ way: 'Retry On Fail off: no memory of writes', settings: {} },
	{
		way: 'Retry On Fail on (3 tries): each node run remembers its creates',
		settings: { retryOnFail: true, maxTries: 3 },
	},
];

/** 1,000 executions at once, each creating 2 datasets, with and without the write memory; each run in a fresh sandbox. */
export async function runWritten(log: Log): Promise<WrittenRow[]> {
	const rows: WrittenRow[] = [];
	// Each way twice, alternating (off, on, off, on); the second pass is kept, both having warmed the same paths.
	for (const [round, { way, settings }] of [...WAYS, ...WAYS].entries()) {
		const bed = await startBed();
		try {
			const { executions, items } = WRITTEN_BENCH;
			const run = (k: number) =>
				bed.runAfterItems(items, `w${round}_${k}`, {
					name: 'Create',
					type: TYPES.datasets,
					typeVersion: 1,
					parameters: { resource: 'dataset', operation: 'create', name: `={{ "w${round}_${k}_" + $json.i }}` },
					credentials: { [CREDENTIAL]: { id: CREDENTIAL, name: 'Media Analysis (bench)' } },
					...settings,
				});
			// Warm-up: one execution logs in and compiles the path.
			await run(-1);
			const heapBefore = process.memoryUsage().heapUsed;
			let peakRuns = 0;
			let peakBytes = 0;
			let peakHeap = heapBefore;
			const sampler = setInterval(() => {
				const held = writtenHeld();
				peakRuns = Math.max(peakRuns, held.runs);
				peakBytes = Math.max(peakBytes, held.bytes);
				peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
			}, 5);
			const cpuBefore = process.cpuUsage();
			const began = performance.now();
			const results = await Promise.all(Array.from({ length: executions }, (_, k) => run(k)));
			const wallMs = performance.now() - began;
			const cpu = process.cpuUsage(cpuBefore);
			clearInterval(sampler);
			for (const result of results)
				check(result.status === 'success', `${way}: every execution succeeds (${result.error?.message ?? ''})`);
			check(
				results.every((result) => result.outputOf('Create').length === items || items === 1),
				`${way}: output`,
			);
			if (round < WAYS.length) continue;
			rows.push({
				way,
				wallMs,
				cpuMs: (cpu.user + cpu.system) / 1000,
				heapGrowthMb: (peakHeap - heapBefore) / 1024 / 1024,
				peakRuns,
				peakBytes,
				afterRuns: writtenHeld().runs,
			});
			log(`written: ${way}: ${ms(wallMs)}`);
		} finally {
			await bed.close();
		}
	}
	return rows;
}

export function writtenTable(rows: WrittenRow[]): string {
	const base = rows[0];
	return table(
		[
			'way',
			'executions at once',
			'wall time',
			'CPU time',
			'vs off: wall / CPU',
			'peak heap growth',
			'memories held at most (bytes)',
			'held after the run',
		],
		rows.map((row) => [
			row.way,
			int(WRITTEN_BENCH.executions),
			ms(row.wallMs),
			ms(row.cpuMs),
			row === base ? '' : `${(row.wallMs / base.wallMs).toFixed(2)}× / ${(row.cpuMs / base.cpuMs).toFixed(2)}×`,
			`${Math.round(row.heapGrowthMb)} MB`,
			`${int(row.peakRuns)} (${int(row.peakBytes)} B)`,
			int(row.afterRuns),
		]),
	);
}
