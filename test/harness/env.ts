/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Test-only code that runs in Node under jest; it is never built into dist. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One value per jest worker, made by the first test file that asks: n8n-core is loaded once per worker
 * (test/one-realm-environment.js) and keeps what it was given first.
 */
export function perWorker<T>(name: string, create: () => T): T {
	const worker = globalThis as Record<symbol, T | undefined>;
	const key = Symbol.for(`n8n-nodes-media-analysis.${name}`);
	return (worker[key] ??= create());
}

const userFolder = perWorker('harnessUserFolder', () => {
	const folder = mkdtempSync(join(tmpdir(), 'n8n-harness-'));
	process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
	return folder;
});

// Imported first by engine.ts: n8n-core reads these when its services are first built, and
// without N8N_USER_FOLDER it creates ~/.n8n/config on the developer's machine.
process.env.N8N_USER_FOLDER = userFolder;
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'filesystem';

export const harnessUserFolder = userFolder;
