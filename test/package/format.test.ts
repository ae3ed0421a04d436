/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals --
	Development code (tests), never published: the n8n Cloud rules for node code do not apply. */
/* The code is laid out by Prettier with n8n's starter settings (.prettierrc.json, print width 120): `npm run format`. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

test('every source file is as Prettier lays it out (npm run format)', () => {
	const run = spawnSync('npm', ['run', '--silent', 'format:check'], {
		cwd: resolve(__dirname, '../..'),
		encoding: 'utf8',
	});
	expect(run.stdout + run.stderr).not.toMatch(/\[warn\]/);
	expect(run.status).toBe(0);
}, 120_000);
