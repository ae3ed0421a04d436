/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { startSandbox } from '../sandbox/server';
import { addDatasets, check, int, type Log, ms, table } from './common';

const REPO_ROOT = resolve(__dirname, '..');
const TIME = '/usr/bin/time';

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
function measureInChild(baseUrl: string, mode: 'node' | 'axios'): Promise<MemoryResult> {
	const node = [
		process.execPath,
		'--expose-gc',
		'-r',
		require.resolve('ts-node/register/transpile-only'),
		join(__dirname, 'memory-child.ts'),
	];
	const withTime = existsSync(TIME);
	const [command, ...args] = withTime ? [TIME, '-v', ...node] : node;
	return new Promise((resolvePromise, reject) => {
		const child = spawn(command, args, {
			cwd: REPO_ROOT,
			env: { ...process.env, BENCH_SANDBOX_URL: baseUrl, BENCH_MODE: mode },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.once('error', reject);
		child.once('close', (code) => {
			const line = stdout.split('\n').find((text) => text.startsWith('{"mode"'));
			if (code !== 0 || !line) {
				reject(new Error(`memory child (${mode}) exited with ${code}: ${stderr.slice(-2000)}`));
				return;
			}
			const result = JSON.parse(line) as MemoryResult;
			const maxRss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
			if (maxRss) result.maxRssMb = Number(maxRss[1]) / 1024;
			resolvePromise(result);
		});
	});
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
	const label = { node: 'Datasets node, Get Many, Return All (engine)', axios: 'axios skip/limit loop, records kept in an array' };
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
