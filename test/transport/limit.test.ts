/* Dev-only: the adaptive limit against simulated services, on a simulated clock (no timers, no sockets). */
import { ratePolicy } from '../../nodes/shared/transport/errors';
import { ADAPTIVE, AdaptiveLimit } from '../../nodes/shared/transport/limit';

interface Service {
	/** When a request sent at `now` is answered, and with which status. */
	send(now: number): { at: number; status: 200 | 429 | 503; retryAfterMs?: number };
}

/** Answers every request after `ms`: a healthy service further away. */
const healthy = (ms: number): Service => ({ send: (now) => ({ at: now + ms, status: 200 }) });

/** Works `capacity` requests at a time, each `ms`; the others wait in its queue (first come, first served). */
function queueing(capacity: number, ms: number): Service {
	const freeAt: number[] = Array.from({ length: capacity }, () => 0);
	return {
		send(now) {
			freeAt.sort((a, b) => a - b);
			const start = Math.max(now, freeAt[0]);
			freeAt[0] = start + ms;
			return { at: start + ms, status: 200 };
		},
	};
}

/** A gateway letting `perSecond` requests through in any rolling second, `ms` away; the others get 429. */
function gateway(perSecond: number, ms: number): Service {
	const admitted: number[] = [];
	return {
		send(now) {
			const arrival = now + ms / 2;
			while (admitted.length && admitted[0] <= arrival - 1000) admitted.shift();
			if (admitted.length >= perSecond) {
				const retryAfterMs = Math.ceil((admitted[0] + 1000 - arrival) / 1000) * 1000;
				return { at: now + ms, status: 429, retryAfterMs };
			}
			admitted.push(arrival);
			return { at: now + ms, status: 200 };
		},
	};
}

/**
 * Runs `items` requests through the limit as pace.ts does: a request starts when a place is free and its paced
 * start has come; a 429 is sent again after its Retry-After, and the first pauses every request of the run till then.
 */
function simulate(service: Service, items: number, ceiling: number) {
	let now = 0;
	const limit = new AdaptiveLimit(ceiling, now);
	const events: Array<{ at: number; run: () => void }> = [];
	const at = (time: number, run: () => void) => events.push({ at: time, run });
	let waiting = items;
	let retries: number[] = [];
	let inFlight = 0;
	let done = 0;
	let refused = 0;
	let mostInFlight = 0;
	let nextStart = 0;
	let pausedUntil = 0;
	const start = () => {
		while (
			inFlight < limit.limit &&
			(waiting > 0 || retries.some((time) => time <= now)) &&
			nextStart <= now &&
			pausedUntil <= now
		) {
			const due = retries.findIndex((time) => time <= now);
			if (due >= 0) retries.splice(due, 1);
			else waiting--;
			const delay = limit.startDelay(now);
			inFlight++;
			mostInFlight = Math.max(mostInFlight, inFlight);
			const sentAt = now + delay;
			nextStart = sentAt;
			const answer = service.send(sentAt);
			at(answer.at, () => {
				inFlight--;
				if (answer.status === 200) {
					done++;
					limit.answered(answer.at - sentAt, now, inFlight);
				} else if (answer.status === 429) {
					refused++;
					if (limit.throttled(sentAt, now)) pausedUntil = Math.max(pausedUntil, now + (answer.retryAfterMs ?? 1000));
					retries.push(now + (answer.retryAfterMs ?? 1000));
					at(now + (answer.retryAfterMs ?? 1000), () => undefined);
				} else {
					limit.overloaded(now);
					retries.push(now);
				}
			});
			if (delay > 0) at(sentAt, () => undefined);
		}
	};
	start();
	for (let steps = 0; done < items && steps < 1_000_000; steps++) {
		events.sort((a, b) => a.at - b.at);
		const event = events.shift();
		if (!event) throw new Error('the simulation stalled');
		now = Math.max(now, event.at);
		event.run();
		retries = retries.filter((time) => time > now - 1e9);
		start();
	}
	return { ms: now, refused, mostInFlight, limit };
}

describe('the adaptive limit', () => {
	test('grows to the ceiling on a healthy service and never passes it', () => {
		for (const ceiling of [1, 8, 64]) {
			const run = simulate(healthy(100), 1000, ceiling);
			expect(run.mostInFlight).toBeLessThanOrEqual(ceiling);
			expect(run.limit.limit).toBe(ceiling);
			expect(run.refused).toBe(0);
		}
		// 1,000 requests of 100 ms at up to 64 at once: within 1.5× of 64 at once from the start.
		expect(simulate(healthy(100), 1000, 64).ms).toBeLessThan(1.5 * (1000 / 64) * 100);
	});

	test('keeps a queueing service busy without flooding it', () => {
		const run = simulate(queueing(16, 100), 1000, 64);
		const optimal = (1000 / 16) * 100;
		expect(run.ms).toBeLessThan(1.3 * optimal);
		expect(run.limit.limit).toBeLessThan(64);
	});

	test('falls to a gateway pace on 429s, with few refused', () => {
		const run = simulate(gateway(20, 100), 1000, 64);
		const optimal = (1000 / 20) * 1000;
		expect(run.ms).toBeLessThan(1.1 * optimal);
		expect(run.refused).toBeLessThanOrEqual(50);
		expect(run.limit.pace).toBeGreaterThan(15);
		expect(run.limit.pace).toBeLessThan(25);
	});

	test('keeps to a little under the rate a gateway states, and never probes past it', () => {
		const limit = new AdaptiveLimit(64, 0);
		expect(limit.throttled(0, 100, 20)).toBe(true);
		expect(limit.pace).toBeCloseTo(ADAPTIVE.statedShare * 20);
		for (let second = 1; second <= 60; second++) limit.startDelay(100 + second * 1000);
		expect(limit.pace).toBeCloseTo(ADAPTIVE.statedShare * 20);
		// A later 429 (clocks drift): a tenth less, then back up to the share of the stated rate at most.
		expect(limit.throttled(70_000, 70_100)).toBe(false);
		expect(limit.pace).toBeLessThan(ADAPTIVE.statedShare * 20);
	});

	test('reads RateLimit-Policy as requests a second, or nothing', () => {
		expect(ratePolicy('20;w=1')).toBe(20);
		expect(ratePolicy('100;w=60, 10;w=1')).toBeCloseTo(100 / 60);
		expect(ratePolicy('5;comment="x";w=2')).toBe(2.5);
		for (const bad of [undefined, '', 'w=1', '20', '0;w=1', '20;w=0', 'twenty;w=1'])
			expect(ratePolicy(bad)).toBeUndefined();
	});

	test('halves on a 503', () => {
		const limit = new AdaptiveLimit(64, 0);
		for (let i = 0; i < 200; i++) limit.answered(100, i * 10, limit.limit);
		const before = limit.limit;
		limit.overloaded(3000);
		expect(limit.limit).toBe(Math.floor(before / 2));
	});
});
