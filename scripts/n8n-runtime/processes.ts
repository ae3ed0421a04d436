/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Child processes that must not outlive this one. Each runs in its own process group (n8n starts task runners of its
 * own), so stopping one stops everything it started. If this process exits without stopping them (a failed test, an
 * uncaught error), the exit hook kills them.
 */
const live = new Set<ChildProcess>();

let hooked = false;
function hookExit() {
	if (hooked) return;
	hooked = true;
	process.once('exit', () => {
		for (const child of live) killGroup(child, 'SIGKILL');
	});
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			// Already gone.
		}
	}
}

/** Spawns a tracked child in its own process group. */
export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
	hookExit();
	const child = spawn(command, args, { ...options, detached: true });
	live.add(child);
	child.once('exit', () => live.delete(child));
	child.once('error', () => live.delete(child));
	return child;
}

/** SIGTERM to the child's process group, SIGKILL after `graceMs`; resolves when the child has exited. */
export async function stopTracked(child: ChildProcess, graceMs = 15000): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) {
		live.delete(child);
		killGroup(child, 'SIGKILL'); // grandchildren left behind, if any
		return;
	}
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	killGroup(child, 'SIGTERM');
	const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
	killGroup(child, 'SIGKILL');
	live.delete(child);
}

export async function stopAllTracked(): Promise<void> {
	await Promise.all([...live].map((child) => stopTracked(child)));
}

/** A port that is free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() => {
				if (address && typeof address === 'object') resolve(address.port);
				else reject(new Error('No port assigned'));
			});
		});
	});
}

/** `preferred` when it is free on 127.0.0.1, otherwise any free port. */
export async function preferredOrFreePort(preferred: number): Promise<number> {
	const free = await new Promise<boolean>((resolve) => {
		const server = createServer();
		server.unref();
		server.once('error', () => resolve(false));
		server.listen(preferred, '127.0.0.1', () => server.close(() => resolve(true)));
	});
	return free ? preferred : await freePort();
}
