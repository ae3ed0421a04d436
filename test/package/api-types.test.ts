/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only: runs the generator; not part of the published package. */
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

test('generated API types and the facts copy match what regenerating produces', () => {
	const run = spawnSync('node', ['scripts/generate-api-types.mjs', '--check'], {
		cwd: resolve(__dirname, '../..'),
		encoding: 'utf8',
	});
	expect(run.stderr).toBe('');
	expect(run.status).toBe(0);
});
