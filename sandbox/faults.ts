/**
 * Switchable faults for reliability tests and benchmarks: a share of 5xx answers, 429 bursts with Retry-After,
 * slow answers, connections dropped before or after the request is processed, and access-token revocation
 * mid-run. Decisions come from a seeded generator, so a run with the same plan and the same requests meets the
 * same faults. Control routes (`/__sandbox/...`) are never faulted; login is faulted only when asked.
 * A rate limit (`rateLimitPerSecond`) stands in front of all that, as a gateway does: it counts, it draws nothing.
 */

export interface FaultPlan {
	/** Share (0–1) of requests answered with a 5xx from `errorStatuses` without being processed. */
	errorRate?: number;
	errorStatuses?: number[];
	/** Share (0–1) of requests that start a 429 burst: this and the next `rateLimitBurst - 1` requests get 429. */
	rateLimitRate?: number;
	rateLimitBurst?: number;
	/** Retry-After (seconds) sent with each 429. */
	retryAfterSeconds?: number;
	/**
	 * A gateway's rate limit: at most this many requests in any rolling second (sandbox clock) get through; the
	 * others are answered 429 with Retry-After in whole seconds (until the oldest counted request leaves the window,
	 * rounded up) and never reach the service. Only requests let through count. `paths` and `includeLogin` apply to
	 * it; `seed` and `maxFaults` do not, and a refused request is not `faultable` (the other faults never see it).
	 */
	rateLimitPerSecond?: number;
	/** The gateway states its limit with each 429 in a `RateLimit-Policy` header (`20;w=1`), as many gateways do. */
	rateLimitPolicy?: boolean;
	/** Share (0–1) of requests answered only after `slowMs`. */
	slowRate?: number;
	slowMs?: number;
	/** Share (0–1) of connections dropped before the request is processed (the service never saw it). */
	dropBeforeRate?: number;
	/** Share (0–1) of connections dropped after the request was processed (the answer is lost). */
	dropAfterRate?: number;
	/** Every this many faultable requests, all access tokens issued so far stop working (a forced re-login). */
	revokeTokensEvery?: number;
	/** Only requests whose path starts with one of these are faulted (default: every API path). */
	paths?: string[];
	/** Fault the login route too (default false). */
	includeLogin?: boolean;
	/** Seed of the generator (default 1). */
	seed?: number;
	/** Stop injecting after this many faults (revocations not counted): e.g. 1 to fail only the first request. */
	maxFaults?: number;
}

export type FaultKind = 'status' | 'rate-limit' | 'slow' | 'drop-before' | 'drop-after';

export interface FaultDecision {
	kind?: FaultKind;
	status?: number;
	retryAfterSeconds?: number;
	/** The RateLimit-Policy header of a gateway's 429, when the plan states it. */
	ratePolicy?: string;
	delayMs?: number;
	/** Drop the connection after the request was processed. */
	dropAfter?: boolean;
	revokeTokens?: boolean;
}

export interface FaultStats {
	faultable: number;
	status: number;
	rateLimit: number;
	slow: number;
	dropBefore: number;
	dropAfter: number;
	revocations: number;
	/** Requests refused by `rateLimitPerSecond`. */
	throttled: number;
}

const emptyStats = (): FaultStats => ({
	faultable: 0,
	status: 0,
	rateLimit: 0,
	slow: 0,
	dropBefore: 0,
	dropAfter: 0,
	revocations: 0,
	throttled: 0,
});

/** The rolling window of `rateLimitPerSecond`. */
const RATE_WINDOW_MS = 1000;

/** mulberry32: small, fast, and the same sequence for the same seed (tests replay a failure by its seed). */
export function generator(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const RATE_KEYS = ['errorRate', 'rateLimitRate', 'slowRate', 'dropBeforeRate', 'dropAfterRate'] as const;

export function assertFaultPlan(plan: FaultPlan): void {
	for (const key of RATE_KEYS) {
		const value = plan[key];
		if (value !== undefined && !(value >= 0 && value <= 1)) throw new RangeError(`${key} must be between 0 and 1`);
	}
	const perSecond = plan.rateLimitPerSecond;
	if (perSecond !== undefined && !(Number.isInteger(perSecond) && perSecond >= 1)) {
		throw new RangeError('rateLimitPerSecond must be a whole number of at least 1');
	}
	for (const status of plan.errorStatuses ?? []) {
		if (!(status >= 500 && status <= 599)) throw new RangeError('errorStatuses must be 5xx codes');
	}
}

export class FaultInjector {
	private plan: FaultPlan | undefined;
	private random: () => number = generator(1);
	private burstLeft = 0;
	private counters: FaultStats = emptyStats();
	/** When each request let through by the rate limit arrived, oldest first (only the last second's). */
	private admitted: number[] = [];

	set(plan: FaultPlan): void {
		assertFaultPlan(plan);
		this.plan = { ...plan };
		this.random = generator(plan.seed ?? 1);
		this.burstLeft = 0;
		this.counters = emptyStats();
		this.admitted = [];
	}

	clear(): void {
		this.plan = undefined;
		this.burstLeft = 0;
		this.counters = emptyStats();
		this.admitted = [];
	}

	get active(): FaultPlan | undefined {
		return this.plan ? { ...this.plan } : undefined;
	}

	stats(): FaultStats {
		return { ...this.counters };
	}

	/** Decides what happens to one request. Called once per request, before it is processed; `now` in ms. */
	decide(path: string, isLogin: boolean, now: number = Date.now()): FaultDecision {
		const plan = this.plan;
		if (!plan) return {};
		if (isLogin && !plan.includeLogin) return {};
		if (plan.paths && !plan.paths.some((prefix) => path.startsWith(prefix))) return {};
		const counters = this.counters;
		if (plan.rateLimitPerSecond !== undefined) {
			const admitted = this.admitted;
			while (admitted.length > 0 && admitted[0] <= now - RATE_WINDOW_MS) admitted.shift();
			if (admitted.length >= plan.rateLimitPerSecond) {
				counters.throttled++;
				const waitMs = admitted[0] + RATE_WINDOW_MS - now;
				const ratePolicy = plan.rateLimitPolicy ? `${plan.rateLimitPerSecond};w=1` : undefined;
				return {
					kind: 'rate-limit',
					status: 429,
					retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
					ratePolicy,
				};
			}
			admitted.push(now);
		}
		counters.faultable++;
		const injected = counters.status + counters.rateLimit + counters.slow + counters.dropBefore + counters.dropAfter;
		if (plan.maxFaults !== undefined && injected >= plan.maxFaults) return {};
		const decision: FaultDecision = {};
		if (plan.revokeTokensEvery && counters.faultable % plan.revokeTokensEvery === 0) {
			decision.revokeTokens = true;
			counters.revocations++;
		}
		if (this.burstLeft > 0) {
			this.burstLeft--;
			counters.rateLimit++;
			return { ...decision, kind: 'rate-limit', status: 429, retryAfterSeconds: plan.retryAfterSeconds ?? 0 };
		}
		// One draw per kind, always in the same order, so one plan gives one sequence of faults.
		const draws = RATE_KEYS.map(() => this.random());
		if (draws[1] < (plan.rateLimitRate ?? 0)) {
			this.burstLeft = Math.max(0, (plan.rateLimitBurst ?? 1) - 1);
			counters.rateLimit++;
			return { ...decision, kind: 'rate-limit', status: 429, retryAfterSeconds: plan.retryAfterSeconds ?? 0 };
		}
		if (draws[0] < (plan.errorRate ?? 0)) {
			const statuses = plan.errorStatuses?.length ? plan.errorStatuses : [502, 503, 504];
			counters.status++;
			return { ...decision, kind: 'status', status: statuses[Math.floor(this.random() * statuses.length)] };
		}
		if (draws[3] < (plan.dropBeforeRate ?? 0)) {
			counters.dropBefore++;
			return { ...decision, kind: 'drop-before' };
		}
		if (draws[4] < (plan.dropAfterRate ?? 0)) {
			counters.dropAfter++;
			return { ...decision, kind: 'drop-after', dropAfter: true };
		}
		if (draws[2] < (plan.slowRate ?? 0)) {
			counters.slow++;
			return { ...decision, kind: 'slow', delayMs: plan.slowMs ?? 200 };
		}
		return decision;
	}
}
