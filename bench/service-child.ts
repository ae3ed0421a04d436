/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	Benchmark code (bench/), never published: the n8n Cloud rules for node code do not apply. */
/**
 * The child side of bench/service.ts: the sandbox and its latency proxies, driven over IPC by the bench process.
 * It ends when the parent disconnects.
 */
import './resolve-ts-first';

import { startSandbox } from '../sandbox/server';
import { sandboxCounts } from './common';
import { type LatencyProxy, startLatencyProxy } from './latencyProxy';
import type { Answer, Command, VariedDelay } from './service';

async function main() {
	const sandbox = await startSandbox({ port: 0 });
	const proxies = new Map<number, LatencyProxy>();
	let cpuAtClear = process.cpuUsage();
	const proxyOf = (id: unknown) => {
		const proxy = proxies.get(id as number);
		if (!proxy) throw new Error(`no proxy ${String(id)}`);
		return proxy;
	};
	const ops: Record<Command['op'], (...args: unknown[]) => unknown> = {
		start: () => sandbox.url,
		async proxy(delayMs, capacity, varied, queueLimit) {
			const spec = varied as VariedDelay | undefined;
			const proxy = await startLatencyProxy(
				sandbox.url,
				delayMs as number,
				(capacity as number) || Infinity,
				spec ? (request) => (request % spec.every === 0 ? spec.slowMs : spec.ms) : undefined,
				(queueLimit as number) >= 0 ? (queueLimit as number) : Infinity,
			);
			const id = proxies.size;
			proxies.set(id, proxy);
			return { id, url: proxy.url };
		},
		counts: (id) => proxyOf(id).counts(),
		resetCounts: (id) => proxyOf(id).resetCounts(),
		async closeProxy(id) {
			await proxyOf(id).close();
			proxies.delete(id as number);
		},
		clearLog() {
			sandbox.clearRequestLog();
			cpuAtClear = process.cpuUsage();
		},
		readLog() {
			const { user, system } = process.cpuUsage(cpuAtClear);
			return { ...sandboxCounts(sandbox), cpuMs: (user + system) / 1000 };
		},
		setFaults: (plan) => sandbox.setFaults(plan as Parameters<typeof sandbox.setFaults>[0]),
		clearFaults: () => sandbox.clearFaults(),
	};
	process.on('message', (command: Command) => {
		void (async () => {
			try {
				const value = await ops[command.op](...command.args);
				process.send?.({ id: command.id, value } satisfies Answer);
			} catch (error) {
				process.send?.({ id: command.id, error: (error as Error).message } satisfies Answer);
			}
		})();
	});
	process.once('disconnect', () => {
		void (async () => {
			for (const proxy of proxies.values()) await proxy.close();
			await sandbox.close();
			process.exit(0);
		})();
	});
	process.send?.({ id: -1, value: 'ready' } satisfies Answer);
}

void main();
