/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * The n8n runtime installer (scripts/n8n-runtime/runtime.ts, used by `npm start` and the e2e tests) against registries
 * that misbehave, on 127.0.0.1: one that takes the connection and never answers (bun would wait forever), one that
 * answers 500 to everything. Each install fails with a message that says what happened, within its bound, leaves no
 * runtime marked installed and no lock behind; a runtime without a committed lock names the command that writes it.
 * bun's cache is an empty folder, so every package must come from the registry given.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
	ensureRuntime,
	installedRuntime,
	N8N_V2,
	runtimeKey,
	type RuntimeSpec,
} from '../../scripts/n8n-runtime/runtime';

const ENV = ['N8N_RUNTIME_DIR', 'BUN_INSTALL_CACHE_DIR', 'BUN_CONFIG_REGISTRY'] as const;
const saved = Object.fromEntries(ENV.map((key) => [key, process.env[key]]));
let scratch: string;
const servers: Server[] = [];

async function registry(
	answer: (respond: (status: number) => void) => void,
): Promise<{ url: string; requests: () => number }> {
	let requests = 0;
	const server = createServer((request, response) => {
		requests++;
		answer((status) => response.writeHead(status, { 'content-type': 'text/plain' }).end('registry broken on purpose'));
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	if (!address || typeof address !== 'object') throw new Error('no address');
	return { url: `http://127.0.0.1:${address.port}/`, requests: () => requests };
}

beforeEach(() => {
	scratch = mkdtempSync(join(tmpdir(), 'media-analysis-runtime-install-'));
	process.env.N8N_RUNTIME_DIR = join(scratch, 'runtime');
	process.env.BUN_INSTALL_CACHE_DIR = join(scratch, 'bun-cache');
});

afterEach(async () => {
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
	}
	rmSync(scratch, { recursive: true, force: true });
});

afterAll(() => {
	for (const key of ENV) {
		if (saved[key] === undefined) delete process.env[key];
		else process.env[key] = saved[key];
	}
});

/** The committed runtime (its lock is there), installed into the scratch folder. */
const spec: RuntimeSpec = N8N_V2;
const lockDir = () => join(scratch, 'runtime', `${runtimeKey(spec)}.lock`);

test('a registry that never answers: the install is stopped at its bound and says so', async () => {
	const silent = await registry(() => {});
	process.env.BUN_CONFIG_REGISTRY = silent.url;
	const logged: string[] = [];
	const started = Date.now();
	await expect(ensureRuntime(spec, (line) => logged.push(line), { stepTimeoutMs: 3000 })).rejects.toThrow(
		/bun install .* took longer than 3 s and was stopped \(a registry or mirror that does not answer\?\)/,
	);
	expect(Date.now() - started).toBeLessThan(20_000);
	expect(silent.requests()).toBeGreaterThan(0);
	expect(installedRuntime(spec)).toBeUndefined();
	expect(existsSync(lockDir())).toBe(false);
}, 30_000);

test('a registry that answers 500: the install fails at once, naming the command, with bun’s own words logged', async () => {
	const failing = await registry((respond) => respond(500));
	process.env.BUN_CONFIG_REGISTRY = failing.url;
	const logged: string[] = [];
	// bun retries a 500 a few times with back-off: seconds when quiet, over 20 s while other installs share the machine.
	await expect(ensureRuntime(spec, (line) => logged.push(line), { stepTimeoutMs: 60_000 })).rejects.toThrow(
		/bun install --ignore-scripts --production .* failed \(exit code \d+\)/,
	);
	expect(failing.requests()).toBeGreaterThan(0);
	expect(logged.join('\n')).toMatch(/error:.*500|500.*error/i);
	expect(installedRuntime(spec)).toBeUndefined();
	expect(existsSync(lockDir())).toBe(false);
}, 90_000);

test('a runtime without a committed lock names the command that writes it, and asks nothing of the registry', async () => {
	const watched = await registry((respond) => respond(500));
	process.env.BUN_CONFIG_REGISTRY = watched.url;
	const unlocked: RuntimeSpec = { ...N8N_V2, name: 'n8n-unlocked', n8nVersion: '2.0.0-no-lock' };
	await expect(ensureRuntime(unlocked)).rejects.toThrow(
		/is missing: run .*runtime\.ts --lock n8n-unlocked, then commit it/,
	);
	expect(watched.requests()).toBe(0);
});
