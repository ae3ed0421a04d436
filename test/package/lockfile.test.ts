/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/*
 * `npm ci` accepts the lock: every optional platform package is listed (scripts/complete-lockfile.mjs) and
 * `npm ci --dry-run` passes, run in a scratch folder so the project's node_modules is never touched.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

test('package-lock.json lists every optional package its packages ask for', () => {
	const check = spawnSync(process.execPath, [join(ROOT, 'scripts', 'complete-lockfile.mjs'), '--check'], {
		encoding: 'utf8',
	});
	expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: '' });
});

test(
	'npm ci --dry-run accepts package.json and package-lock.json',
	() => {
		const dir = mkdtempSync(join(tmpdir(), 'media-analysis-npm-ci-'));
		try {
			for (const file of ['package.json', 'package-lock.json', '.npmrc'])
				copyFileSync(join(ROOT, file), join(dir, file));
			const env = Object.fromEntries(
				Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')),
			);
			const ci = spawnSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund'], {
				cwd: dir,
				encoding: 'utf8',
				env,
				timeout: 5 * 60_000,
			});
			expect({
				status: ci.status,
				errors: ci.stderr.split('\n').filter((line) => line.startsWith('npm error')),
			}).toEqual({
				status: 0,
				errors: [],
			});
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	},
	6 * 60_000,
);
