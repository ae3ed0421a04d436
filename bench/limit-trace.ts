/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console --
	Benchmark code (bench/), never published: the n8n Cloud rules for node code do not apply. */
/**
 * How the adaptive limit judged each round in one run of section 9 (outside the measured bench): `npx ts-node
 * --transpile-only bench/limit-trace.ts [classify|get] [items] [capacity=8|varied]` runs the node as it comes through
 * the 100 ms proxy (or a queueing or varied one)
 * and prints, per round, the limit before and after, the round's low percentile and mean against the base, and the
 * need (answers a millisecond times the base mean) the limit compares with. AdaptiveLimit is observed, not changed;
 * with TRACE_FIXED=100 the limit starts at 100 and never falls (what that many in flight throughout would give).
 */
import './resolve-ts-first';

import { loadavg } from 'node:os';

import { ADAPTIVE, AdaptiveLimit } from '../nodes/shared/transport/limit';
import { createBenchHarness } from './common';
import { CONCURRENCY, type Context, type OperationKey, runWay } from './concurrency';
import { startRemoteService } from './service';

type Internals = {
	round: number[];
	roundStartAt: number;
	baseMs?: number;
	baseMeanMs: number;
	value: number;
	slowStart: boolean;
	rose: boolean;
	capacity?: { value: number };
};

async function main() {
	const key = (process.argv[2] ?? 'classify') as OperationKey;
	const items = Number(process.argv[3] ?? 1000);
	const service = await startRemoteService();
	// A third argument picks the service: `capacity=8` (works 8 at a time), `varied` (CONCURRENCY.varied), else healthy.
	const shape = process.argv[4] ?? '';
	const { varied } = CONCURRENCY;
	const proxy = shape.startsWith('capacity=')
		? await service.proxy(100, Number(shape.slice('capacity='.length)))
		: shape === 'varied'
			? await service.proxy(varied.ms, Infinity, varied)
			: await service.proxy(100);
	const context: Context = { service, harness: createBenchHarness(), httpRequest: { reason: 'not used' } };
	// TRACE_FIXED=100: the limit starts there and never falls (an experiment: what that many in flight throughout give).
	if (process.env.TRACE_FIXED)
		Object.assign(ADAPTIVE, { initial: Number(process.env.TRACE_FIXED), tolerance: Infinity });
	const proto = AdaptiveLimit.prototype as unknown as Record<string, (...args: unknown[]) => void>;
	const endRound = proto.endRound;
	let started = 0;
	const lines: string[] = [];
	proto.endRound = function (this: Internals, now: unknown, recentLow: unknown) {
		const sorted = [...this.round].sort((a, b) => a - b);
		const low = (recentLow as number | undefined) ?? sorted[Math.floor(0.1 * sorted.length)];
		const mean = sorted.reduce((sum, ms) => sum + ms, 0) / Math.max(1, sorted.length);
		const perMs = sorted.length / Math.max(1, (now as number) - this.roundStartAt);
		const before = this.value;
		const slow = this.slowStart;
		endRound.call(this, now, recentLow);
		lines.push(
			`${(((now as number) - started) / 1000).toFixed(2)} s ${slow ? 'slow start' : ''} ${sorted.length} answers: low ${low.toFixed(0)} ms, ` +
				`median ${sorted[Math.floor(0.5 * sorted.length)]?.toFixed(0)} ms, mean ${mean.toFixed(0)} ms, base ${this.baseMs?.toFixed(0)} / mean ${this.baseMeanMs.toFixed(0)} ms, ` +
				`need ${(perMs * this.baseMeanMs).toFixed(1)}; limit ${before.toFixed(1)} → ${this.value.toFixed(1)}` +
				`${this.rose ? ', rises' : ''}${this.capacity ? `, capacity ${this.capacity.value.toFixed(1)}` : ''}`,
		);
	};
	await runWay(context, proxy, key, 'node', 20);
	lines.length = 0;
	console.log(
		`load ${loadavg()
			.map((value) => value.toFixed(1))
			.join(' / ')}`,
	);
	started = Date.now();
	const row = await runWay(context, proxy, key, 'node', items);
	console.log(lines.join('\n'));
	console.log(
		`${key} ×${items}: ${row.measured?.wallMs.toFixed(0)} ms, CPU ${row.measured?.cpuMs.toFixed(0)} ms, ` +
			`${row.meanInFlight.toFixed(1)} in flight on average, load ${loadavg()[0].toFixed(1)}`,
	);
	await proxy.close();
	await service.close();
	process.exit(0);
}

void main();
