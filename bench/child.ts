/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/** Measurements in a process of their own: the parent side (spawn, read one JSON line) and the child side (memory). */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const REPO_ROOT = resolve(__dirname, '..');
const TIME = '/usr/bin/time';

/**
 * Runs `script` (TypeScript) in a fresh `node --expose-gc` (and `nodeFlags`), under `/usr/bin/time -v` when `timed` and it is
 * installed, and resolves with the JSON of its first stdout line starting with `{"mode"` and its stderr.
 */
export function runMeasuringChild<T>(
	script: string,
	env: Record<string, string>,
	timed = false,
	nodeFlags: string[] = [],
): Promise<{ result: T; stderr: string }> {
	const node = [
		process.execPath,
		'--expose-gc',
		...nodeFlags,
		'-r',
		require.resolve('ts-node/register/transpile-only'),
		script,
	];
	const [command, ...args] = timed && existsSync(TIME) ? [TIME, '-v', ...node] : node;
	return new Promise((resolvePromise, reject) => {
		const child = spawn(command, args, {
			cwd: REPO_ROOT,
			env: { ...process.env, ...env },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.once('error', reject);
		child.once('close', (code) => {
			const line = stdout.split('\n').find((text) => text.startsWith('{"mode"'));
			if (code !== 0 || !line)
				reject(new Error(`${script} (${JSON.stringify(env)}) exited with ${code}: ${stderr.slice(-2000)}`));
			else resolvePromise({ result: JSON.parse(line) as T, stderr });
		});
	});
}

/** A full garbage collection (the child runs with --expose-gc). */
export function gc(): void {
	const collect = (globalThis as { gc?: () => void }).gc;
	if (!collect) throw new Error('run with node --expose-gc');
	collect();
	collect();
}

/** Memory after a forced GC, then sampled every 5 ms until `stop`, which gives the peaks. */
export function trackPeakMemory() {
	gc();
	const before = process.memoryUsage();
	let peakRss = before.rss;
	let peakHeap = before.heapUsed;
	const sample = () => {
		const now = process.memoryUsage();
		peakRss = Math.max(peakRss, now.rss);
		peakHeap = Math.max(peakHeap, now.heapUsed);
	};
	const sampler = setInterval(sample, 5);
	return {
		before,
		stop() {
			clearInterval(sampler);
			sample();
			return { peakRss, peakHeap };
		},
	};
}
