/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Test-only code that runs in Node under jest; it is never built into dist. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Imported first by engine.ts: n8n-core reads these when its services are first built, and
// without N8N_USER_FOLDER it creates ~/.n8n/config on the developer's machine.
// One folder per jest worker: n8n-core is loaded once per worker (test/one-realm-environment.js) and keeps the folder
// it read first.
const folderKey = Symbol.for('n8n-nodes-media-analysis.harnessUserFolder');
const worker = globalThis as { [folderKey]?: string };
const userFolder = worker[folderKey] ?? mkdtempSync(join(tmpdir(), 'n8n-harness-'));
if (worker[folderKey] === undefined) {
	worker[folderKey] = userFolder;
	process.once('exit', () => rmSync(userFolder, { recursive: true, force: true }));
}
process.env.N8N_USER_FOLDER = userFolder;
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'filesystem';

export const harnessUserFolder = userFolder;
