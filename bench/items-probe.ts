/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/**
 * Where the memory of section 10 goes, outside the measured bench: one way of items-child.ts against the replay
 * server, with its probes on. `npx ts-node --transpile-only bench/items-probe.ts <mode> <items> ["node flags"]`,
 * with BENCH_PROBE_MS=5000 (live heap after a forced collection, every 5 s) and/or BENCH_SNAPSHOT_AT_MS=30000 (a
 * heap snapshot then, written to the working directory), or node flags such as "--heap-prof".
 */
import './resolve-ts-first';

import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

import { startReplayServer } from './items';

async function main() {
	const [mode = 'node', items = '30000', flags = ''] = process.argv.slice(2);
	const server = await startReplayServer();
	const script = join(__dirname, 'items-child.ts');
	const args = [
		'--expose-gc',
		...flags.split(' ').filter(Boolean),
		'-r',
		require.resolve('ts-node/register/transpile-only'),
		script,
	];
	const code = await new Promise<number | null>((done) => {
		const child = spawn(process.execPath, args, {
			cwd: resolve(__dirname, '..'),
			env: { ...process.env, BENCH_API_URL: server.url, BENCH_MODE: mode, BENCH_ITEMS: items },
			stdio: 'inherit',
		});
		child.once('close', done);
	});
	await server.close();
	process.exit(code ?? 1);
}

void main();
