/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { join } from 'node:path';

import { startSandbox } from '../sandbox/server';
import { runMeasuringChild } from './child';
import { addDatasets, check, int, type Log, ms, table } from './common';

export interface MemoryResult {
	mode: 'node' | 'axios';
	records: number;
	wallMs: number;
	beforeRssMb: number;
	beforeHeapMb: number;
	peakRssMb: number;
	peakHeapMb: number;
	heldHeapMb: number;
	heldBytesPerRecord: number;
	peakHeapBytesPerRecord: number;
	/** Maximum resident set size by /usr/bin/time -v, when it is installed. */
	maxRssMb?: number;
}

/** Runs memory-child.ts in a fresh `node --expose-gc` (under /usr/bin/time -v when present) and reads its JSON line. */
async function measureInChild(baseUrl: string, mode: 'node' | 'axios'): Promise<MemoryResult> {
	const { result, stderr } = await runMeasuringChild<MemoryResult>(
		join(__dirname, 'memory-child.ts'),
		{ BENCH_SANDBOX_URL: baseUrl, BENCH_MODE: mode },
		true,
	);
	const maxRss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
	if (maxRss) result.maxRssMb = Number(maxRss[1]) / 1024;
	return result;
}

/** Peak memory of Return All over `count` datasets (plus the three active seed ones), each way in its own process. */
export async function runMemory(count: number, log: Log): Promise<MemoryResult[]> {
	// The sandbox lives in this process, so the child's numbers hold only the client: engine, node and output.
	const sandbox = await startSandbox({ port: 0 });
	try {
		addDatasets(sandbox, count, 'memory');
		const results: MemoryResult[] = [];
		for (const mode of ['node', 'axios'] as const) {
			sandbox.clearRequestLog();
			const result = await measureInChild(sandbox.url, mode);
			check(result.records === count + 3, `${mode}: ${result.records} records, expected ${count + 3}`);
			results.push(result);
			log(
				`memory ${mode}: ${int(result.records)} records, peak RSS ${result.peakRssMb.toFixed(0)} MB, ` +
					`peak heap ${result.peakHeapMb.toFixed(0)} MB, held ${result.heldBytesPerRecord.toFixed(0)} B/record, ${ms(result.wallMs)}`,
			);
		}
		return results;
	} finally {
		await sandbox.close();
	}
}

const mb = (value: number) => `${value.toFixed(0)} MB`;

export function memoryTable(results: MemoryResult[]): string {
	const label = {
		node: 'Datasets node, Get Many, Return All (engine)',
		axios: 'axios skip/limit loop, records kept in an array',
	};
	return table(
		[
			'way',
			'records',
			'RSS before',
			'peak RSS (sampled)',
			'max RSS (/usr/bin/time)',
			'heap before',
			'peak heap',
			'peak heap growth per record',
			'heap held after GC (output kept) per record',
			'wall time',
		],
		results.map((r) => [
			label[r.mode],
			int(r.records),
			mb(r.beforeRssMb),
			mb(r.peakRssMb),
			r.maxRssMb === undefined ? 'n/a' : mb(r.maxRssMb),
			mb(r.beforeHeapMb),
			mb(r.peakHeapMb),
			`${int(Math.round(r.peakHeapBytesPerRecord))} B`,
			`${int(Math.round(r.heldBytesPerRecord))} B`,
			ms(r.wallMs),
		]),
	);
}
