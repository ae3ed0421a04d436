/**
 * How many requests of a node run may be in flight, and how fast they may start, found as the run goes: the limit
 * starts small and grows while round trips stay near the shortest seen, shrinks when they grow (the service is
 * queueing) or when it answers 503, never passes the ceiling (Requests in Parallel). A gateway's 429 sets a pace
 * instead: starts are spaced to a little under the rate that got through, and the pace rises slowly while nothing
 * is refused. The shape follows the gradient limiters of concurrency-limits and TCP's additive increase.
 *
 * Pure: every method takes the time it is told, so it behaves the same in a test and in a run.
 */
export const ADAPTIVE = {
	/** Requests in flight before anything is known of the service. */
	initial: 8,
	/** Round trips (smoothed) up to this many times the shortest seen count as healthy. */
	tolerance: 2,
	/** Weight of a new round trip in the smoothed one. */
	smoothing: 0.1,
	/** Answers counted for the rate that got through, over this window. */
	rateWindowMs: 1000,
	/** After a 429 the pace is this share of the rate that got through. */
	backoff: 0.9,
	/** While nothing is refused, the pace rises by this share per second. */
	probePerSecond: 0.01,
	/** The share of a stated rate (RateLimit-Policy) the pace keeps to: a little under it, for the clocks' drift. */
	statedShare: 0.95,
};

export class AdaptiveLimit {
	private value: number;
	private shortestMs = Number.POSITIVE_INFINITY;
	private roundTripMs = 0;
	/** Until the first sign of a limit (a slower round trip, a 429 or a 503), the limit doubles each round trip. */
	private slowStart = true;
	/** Times of the answers of the last `rateWindowMs`, oldest first. */
	private answerTimes: number[] = [];
	/** Requests per second the run keeps to after a 429, or undefined while none came. */
	private rate: number | undefined;
	private rateSetAt = 0;
	private cutAt = Number.NEGATIVE_INFINITY;
	/** The rate the gateway states (RateLimit-Policy), per second: the pace never rises past a share of it. */
	private stated: number | undefined;
	private nextStartAt = 0;
	/** The highest limit reached and when it changed, for the bench's reading. */
	readonly history: Array<{ at: number; limit: number; rate?: number }> = [];

	constructor(
		readonly ceiling: number,
		now: number,
	) {
		this.value = Math.min(ceiling, ADAPTIVE.initial);
		this.record(now);
	}

	/** Requests that may be in flight now. */
	get limit(): number {
		return Math.max(1, Math.floor(this.value));
	}

	/** Requests per second after a 429, or undefined when no pace is kept. */
	get pace(): number | undefined {
		return this.rate;
	}

	/** Milliseconds the next request waits before it starts (0 without a pace); its start is booked. */
	startDelay(now: number): number {
		if (this.rate === undefined) return 0;
		this.probe(now);
		const at = Math.max(now, this.nextStartAt);
		this.nextStartAt = at + 1000 / this.rate;
		return at - now;
	}

	/** An answer came `roundTripMs` after its request started, with `inFlight` requests of the run in flight. */
	answered(roundTripMs: number, now: number, inFlight: number): void {
		this.noteAnswer(now);
		if (!(roundTripMs > 0)) return;
		this.shortestMs = Math.min(this.shortestMs, roundTripMs);
		this.roundTripMs = this.roundTripMs
			? this.roundTripMs + ADAPTIVE.smoothing * (roundTripMs - this.roundTripMs)
			: roundTripMs;
		const gradient = Math.max(0.5, Math.min(1, (ADAPTIVE.tolerance * this.shortestMs) / this.roundTripMs));
		// Slow start ends at the first round trip past the tolerance (not its smoothed value, which would lag behind).
		if (gradient < 1 || roundTripMs > ADAPTIVE.tolerance * this.shortestMs) this.slowStart = false;
		// Grow only when the limit is what holds the run back: a run with fewer requests than places learns nothing.
		const used = inFlight + 1 >= this.limit;
		if (this.slowStart) {
			if (used) this.set(this.value + 1, now);
			return;
		}
		// One answer moves the limit by its share of a round trip's answers (1 / limit): per round trip it gains the
		// square root of itself while round trips stay healthy, and loses what their growth says is queued.
		const target = this.value * gradient + (used ? Math.sqrt(this.value) : 0);
		this.set(this.value + (target - this.value) / this.value, now);
	}

	/** The service is overloaded (503): half as many in flight. */
	overloaded(now: number): void {
		this.slowStart = false;
		this.set(this.value / 2, now);
	}

	/**
	 * A gateway refused a request sent at `sentAt` (429): keep to a little under the rate it states (`perSecond`,
	 * from its RateLimit-Policy), else under the rate that got through. Requests sent before the last cut were sent
	 * too fast already and cut nothing more. True for the first 429 of the run, when nothing paced it yet: then every
	 * request of the run waits for its Retry-After; later ones keep the pace.
	 */
	throttled(sentAt: number, now: number, perSecond?: number): boolean {
		if (sentAt <= this.cutAt) return false;
		this.slowStart = false;
		const first = this.rate === undefined;
		this.cutAt = now;
		this.trim(now);
		if (perSecond !== undefined) this.stated = perSecond;
		// What got through in the last window, not extrapolated: a gateway counts per window, and early in a run a
		// burst inside the first window is what it allowed.
		const through = (this.answerTimes.length * 1000) / ADAPTIVE.rateWindowMs;
		const rate =
			this.stated !== undefined
				? ADAPTIVE.statedShare * this.stated * (first ? 1 : ADAPTIVE.backoff)
				: ADAPTIVE.backoff * (this.rate === undefined ? through : Math.min(this.rate, through));
		this.rate = Math.max(1, rate);
		this.rateSetAt = now;
		this.record(now);
		return first;
	}

	private probe(now: number): void {
		if (this.rate === undefined) return;
		const seconds = (now - this.rateSetAt) / 1000;
		if (seconds < 1) return;
		this.rate *= (1 + ADAPTIVE.probePerSecond) ** Math.floor(seconds);
		if (this.stated !== undefined) this.rate = Math.min(this.rate, ADAPTIVE.statedShare * this.stated);
		this.rateSetAt += Math.floor(seconds) * 1000;
	}

	private noteAnswer(now: number): void {
		this.answerTimes.push(now);
		this.trim(now);
	}

	private trim(now: number): void {
		let drop = 0;
		while (drop < this.answerTimes.length && this.answerTimes[drop] <= now - ADAPTIVE.rateWindowMs) drop++;
		if (drop) this.answerTimes.splice(0, drop);
	}

	private set(value: number, now: number): void {
		const before = this.limit;
		this.value = Math.max(1, Math.min(this.ceiling, value));
		if (this.limit !== before) this.record(now);
	}

	private record(now: number): void {
		if (this.history.length < 1000) this.history.push({ at: now, limit: this.limit, rate: this.rate });
	}
}
