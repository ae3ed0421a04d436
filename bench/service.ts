/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions --
	Benchmark code (bench/), never published: the n8n Cloud rules for node code do not apply. */
/**
 * The service in a process of its own, as a real one is: the sandbox and the latency proxies in front of it run in a
 * child (bench/service-child.ts), so the client's event loop (the engine and the node) holds only the client's work,
 * and a stall or CPU work of the client is not read as the service's, nor the service's as the client's. Every way
 * of a bench section talks to the same child, so their times stay comparable. The parent drives it over IPC.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';

import type { FaultPlan, FaultStats } from '../sandbox/faults';
import type { RequestLog, ServiceCounts } from './common';
import type { ProxyCounts } from './latencyProxy';

/** Answers that vary by item: `ms`, but every `every`th request (in order of arrival) `slowMs`. */
export interface VariedDelay {
	ms: number;
	slowMs: number;
	every: number;
}

/** A latency proxy in the child (bench/latencyProxy.ts); its counts are read over IPC. */
export interface RemoteProxy {
	url: string;
	delayMs: number;
	counts(): Promise<ProxyCounts>;
	resetCounts(): Promise<void>;
	close(): Promise<void>;
}

export interface RemoteService {
	/** The sandbox's own URL (no proxy in between). */
	url: string;
	/**
	 * A proxy in front of the sandbox holding each request `delayMs` (or `varied`), working `capacity` at once, and
	 * answering 503 to a request that finds `queueLimit` waiting.
	 */
	proxy(delayMs: number, capacity?: number, varied?: VariedDelay, queueLimit?: number): Promise<RemoteProxy>;
	/** The sandbox's request log, and the child's CPU time since it was cleared. */
	log: RequestLog;
	setFaults(plan: FaultPlan): Promise<void>;
	clearFaults(): Promise<FaultStats>;
	close(): Promise<void>;
}

/** A command to the child: an operation and its arguments; the answer carries the same id. */
export interface Command {
	id: number;
	op:
		| 'start'
		| 'proxy'
		| 'counts'
		| 'resetCounts'
		| 'closeProxy'
		| 'clearLog'
		| 'readLog'
		| 'setFaults'
		| 'clearFaults';
	args: unknown[];
}
export type Answer = { id: number; value?: unknown; error?: string };

export async function startRemoteService(): Promise<RemoteService> {
	const child: ChildProcess = fork(resolve(__dirname, 'service-child.ts'), [], {
		execArgv: ['-r', require.resolve('ts-node/register/transpile-only')],
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	let next = 0;
	const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
	const ready = new Promise<void>((resolvePromise, reject) => {
		child.once('message', () => resolvePromise());
		child.once('exit', (code) => reject(new Error(`the service child exited with ${code} before it was ready`)));
	});
	child.on('message', (message: Answer) => {
		const waiting = pending.get(message.id);
		pending.delete(message.id);
		if (message.error !== undefined) waiting?.reject(new Error(message.error));
		else waiting?.resolve(message.value);
	});
	child.once('exit', (code) => {
		for (const waiting of pending.values()) waiting.reject(new Error(`the service child exited with ${code}`));
		pending.clear();
	});
	const call = <T>(op: Command['op'], ...args: unknown[]) =>
		new Promise<T>((resolvePromise, reject) => {
			const id = next++;
			pending.set(id, { resolve: resolvePromise as (value: unknown) => void, reject });
			child.send({ id, op, args } satisfies Command);
		});
	await ready;
	const url = await call<string>('start');
	return {
		url,
		async proxy(delayMs, capacity = Infinity, varied, queueLimit = Infinity) {
			// Infinity does not survive JSON: 0 stands for no capacity, -1 for no queue limit.
			const { id, url: proxyUrl } = await call<{ id: number; url: string }>(
				'proxy',
				delayMs,
				Number.isFinite(capacity) ? capacity : 0,
				varied,
				Number.isFinite(queueLimit) ? queueLimit : -1,
			);
			return {
				url: proxyUrl,
				delayMs,
				counts: async () => await call<ProxyCounts>('counts', id),
				resetCounts: async () => await call<void>('resetCounts', id),
				close: async () => await call<void>('closeProxy', id),
			};
		},
		log: {
			clear: async () => await call<void>('clearLog'),
			read: async () => await call<ServiceCounts>('readLog'),
		},
		setFaults: async (plan) => await call<void>('setFaults', plan),
		clearFaults: async () => await call<FaultStats>('clearFaults'),
		async close() {
			const exited = new Promise<void>((done) => child.once('exit', () => done()));
			child.disconnect();
			await exited;
		},
	};
}
