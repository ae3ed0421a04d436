/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DEFAULT_SANDBOX_PORT, resolvePort } from '../../sandbox/cli-options';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PERSONAL_TOKEN } from '../../sandbox/server';

describe('sandbox CLI', () => {
	it.each([
		[[], {}, DEFAULT_SANDBOX_PORT],
		[[], { SANDBOX_PORT: '6000' }, 6000],
		[['--port', '7000'], { SANDBOX_PORT: '6000' }, 7000],
		[['--port=0'], {}, 0],
	])('resolves the port from %j and %j', (argv, env, port) => {
		expect(resolvePort(argv, env)).toBe(port);
	});

	it.each([[['--port', 'abc']], [['--port']], [['--port=70000']]])('rejects %j', (argv) => {
		expect(() => resolvePort(argv, {})).toThrow(/Invalid port/);
	});

	it('prints the address and credentials, and stops on SIGTERM', async () => {
		const root = join(__dirname, '..', '..');
		const child = spawn(
			process.execPath,
			[join(root, 'node_modules/ts-node/dist/bin.js'), '--transpile-only', 'sandbox/cli.ts', '--port', '0'],
			{
				cwd: root,
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

		const url = await new Promise<string>((resolve, reject) => {
			child.stdout.on('data', () => {
				const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
				if (match && output.includes('Ctrl-C')) resolve(match[1]);
			});
			child.on('exit', () => reject(new Error(`CLI exited early:\n${output}`)));
		});
		const health = await fetch(`${url}/__sandbox/stats`);
		const exitCode = new Promise<number | null>((resolve) => child.on('exit', resolve));
		child.kill('SIGTERM');

		expect(health.status).toBe(200);
		expect(output).toContain(DEMO_PERSONAL_TOKEN);
		expect(output).toContain(DEMO_CLIENT_ID);
		expect(output).toContain(DEMO_CLIENT_SECRET);
		expect(output).toContain('/__sandbox/reset');
		expect(await exitCode).toBe(0);
	});
});
