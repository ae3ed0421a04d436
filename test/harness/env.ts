/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Test-only code that runs in Node under jest; it is never built into dist. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Imported first by engine.ts: n8n-core reads these when its services are first built, and
// without N8N_USER_FOLDER it creates ~/.n8n/config on the developer's machine.
const userFolder = mkdtempSync(join(tmpdir(), 'n8n-harness-'));
process.env.N8N_USER_FOLDER = userFolder;
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'filesystem';

export const harnessUserFolder = userFolder;

function removeUserFolder() {
	rmSync(userFolder, { recursive: true, force: true });
}

try {
	afterAll(removeUserFolder);
} catch {
	// Not loaded at the top level of a jest test file (plain node, or inside a hook).
	process.once('exit', removeUserFolder);
}
