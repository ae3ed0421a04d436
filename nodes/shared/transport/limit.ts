/**
 * How many requests of a node run may be in flight, and how fast they may start, found as the run goes: the limit
 * starts small and grows while round trips stay near the shortest seen, shrinks when they grow (the service is
 * queueing) or when it answers 503, never passes the ceiling (Requests in Parallel). A gateway's 429 sets a pace
 * instead: starts are spaced to a little under the rate that got through, and the pace rises slowly while nothing
 * is refused. The shape follows the gradient limiters of concurrency-limits and TCP's additive increase.
 *
 * Round trips are judged by the mean of each batch of answers, never by one answer: round trips that vary for
 * reasons of their own (a busy client, a jittery network) keep their mean whatever the limit, so the limit keeps
 * growing with the throughput; a queue makes the mean of every batch grow with the limit, so the limit falls.
 *
 * Pure: every method takes the time it is told, so it behaves the same in a test and in a run.
 */
export const ADAPTIVE = {
	/** Requests in flight before anything is known of the service. */
	initial: 8,
	/** Round trips (smoothed) up to this many times the shortest batch mean count as healthy. */
	tolerance: 2,
	/** Answers whose mean round trip is one measurement (the shortest of these means is the service's own time). */
	batch: 16,
	/** Weight of a new round trip in the smoothed one. */
	smoothing: 0.1,
	/** A gateway's window: what got through is counted over the requests sent in the window before a refused one. */
	rateWindowMs: 1000,
	/** After a 429 the pace is this share of the rate that got through. */
	backoff: 0.95,
	/** While nothing is refused, the pace rises by this share per second. */
	probePerSecond: 0.01,
	/** The share of a stated rate (RateLimit-Policy) the pace keeps to: a little under it, for the clocks' drift. */
	statedShare: 0.95,
	/** Successful requests remembered (when each was sent) to count what got through: at most this many, this long. */
	sentKept: 10_000,
	sentKeptMs: 10_000,
};

export class AdaptiveLimit {
	private value: number;
	/** The shortest mean round trip of a batch of answers (`ADAPTIVE.batch`). */
	private shortestMs = Number.POSITIVE_INFINITY;
	private batchMs = 0;
	private batchCount = 0;
	private roundTripMs = 0;
	/** Until the first sign of a limit (a slower batch, a 429 or a 503), the limit doubles each round trip. */
	private slowStart = true;
	/** When the requests answered successfully in the last `sentKeptMs` were sent, in the order of their answers. */
	private sent: number[] = [];
	/** Requests per second the run keeps to after a 429, or undefined while none came. */
	private rate: number | undefined;
	private rateSetAt = 0;
	private cutAt = Number.NEGATIVE_INFINITY;
	/** The 429 the pace was last cut for: when its request was sent, what got through in the window before, the pace before. */
	private cut = { sentAt: Number.NEGATIVE_INFINITY, through: 0, before: Number.POSITIVE_INFINITY };
	/** The rate the gateway states (RateLimit-Policy), per second: the pace never rises past a share of it. */
	private stated: number | undefined;
	private nextStartAt = 0;
	/** When the paced requests of the last `rateWindowMs` actually started (at most the pace's worth). */
	private starts: number[] = [];

	constructor(
		readonly ceiling: number,
		now: number,
	) {
		this.value = Math.min(ceiling, ADAPTIVE.initial);
		this.nextStartAt = now;
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

	/**
	 * Milliseconds a paced request that is due must still wait so that no window holds more starts than the pace
	 * (rounded up, so a steady pace of 19.5 keeps its 19.5): a client that stalled (a busy event loop) wakes its
	 * booked starts together, and a gateway counts them together.
	 */
	windowDelay(now: number): number {
		if (this.rate === undefined) return 0;
		const most = Math.ceil((this.rate * ADAPTIVE.rateWindowMs) / 1000);
		while (this.starts.length > 0 && this.starts[0] <= now - ADAPTIVE.rateWindowMs) this.starts.shift();
		return this.starts.length < most ? 0 : this.starts[this.starts.length - most] + ADAPTIVE.rateWindowMs - now;
	}

	/** A paced request started now. */
	started(now: number): void {
		if (this.rate !== undefined) this.starts.push(now);
	}

	/** An answer came `roundTripMs` after its request started, with `inFlight` requests of the run in flight. */
	answered(roundTripMs: number, now: number, inFlight: number): void {
		this.noteSent(now - roundTripMs, now);
		if (!(roundTripMs > 0)) return;
		this.roundTripMs = this.roundTripMs
			? this.roundTripMs + ADAPTIVE.smoothing * (roundTripMs - this.roundTripMs)
			: roundTripMs;
		this.batchMs += roundTripMs;
		if (++this.batchCount === ADAPTIVE.batch) {
			const mean = this.batchMs / this.batchCount;
			this.batchMs = this.batchCount = 0;
			this.shortestMs = Math.min(this.shortestMs, mean);
			// Slow start ends at the first batch past the tolerance (not the smoothed value, which would lag behind).
			if (mean > ADAPTIVE.tolerance * this.shortestMs) this.slowStart = false;
		}
		const gradient = Math.max(0.5, Math.min(1, (ADAPTIVE.tolerance * this.shortestMs) / this.roundTripMs));
		if (gradient < 1) this.slowStart = false;
		// Grow only when the limit is what holds the run back: a run with fewer requests than places learns nothing.
		const used = inFlight + 1 >= this.limit;
		if (this.slowStart) {
			if (used) this.set(this.value + 1);
			return;
		}
		// One answer moves the limit by its share of a round trip's answers (1 / limit): per round trip it gains the
		// square root of itself while round trips stay healthy, and loses what their growth says is queued.
		const target = this.value * gradient + (used ? Math.sqrt(this.value) : 0);
		this.set(this.value + (target - this.value) / this.value);
	}

	/** The service is overloaded (503): half as many in flight. */
	overloaded(): void {
		this.slowStart = false;
		this.set(this.value / 2);
	}

	/**
	 * A gateway refused a request sent at `sentAt` (429): keep to a little under the rate it states (`perSecond`,
	 * from its RateLimit-Policy), else under the rate that got through: the requests sent in the window up to the
	 * refused one that were answered, those answered later included (a burst's answers come back with its 429s),
	 * and the refused one itself (a run kept to its pace would otherwise count one fewer than it sends, and cut twice).
	 * Requests sent before the last cut were sent too fast already and cut nothing more. True for the first 429 of
	 * the run, when nothing paced it yet: then every request of the run waits for its Retry-After; later ones keep
	 * the pace.
	 */
	throttled(sentAt: number, now: number, perSecond?: number): boolean {
		if (sentAt <= this.cutAt) return false;
		this.slowStart = false;
		const first = this.rate === undefined;
		this.cutAt = now;
		if (perSecond !== undefined) this.stated = perSecond;
		const through = 1 + this.sent.filter((at) => at > sentAt - ADAPTIVE.rateWindowMs && at <= sentAt).length;
		this.cut = { sentAt, through, before: this.rate ?? Number.POSITIVE_INFINITY };
		this.rate =
			this.stated !== undefined
				? ADAPTIVE.statedShare * this.stated * (first ? 1 : ADAPTIVE.backoff)
				: Math.max(1, ADAPTIVE.backoff * Math.min(this.cut.before, through));
		this.rateSetAt = now;
		return first;
	}

	/**
	 * A request sent at `sentAt` got through: remembered, and counted for the last cut if it was sent in the window
	 * before the refused request (its answer came after the 429: the pace rises to what that window let through).
	 */
	private noteSent(sentAt: number, now: number): void {
		while (this.sent.length >= ADAPTIVE.sentKept || (this.sent.length > 0 && this.sent[0] < now - ADAPTIVE.sentKeptMs))
			this.sent.shift();
		this.sent.push(sentAt);
		const { cut } = this;
		if (this.stated !== undefined || sentAt <= cut.sentAt - ADAPTIVE.rateWindowMs || sentAt > cut.sentAt) return;
		cut.through++;
		this.rate = Math.max(this.rate ?? 1, ADAPTIVE.backoff * Math.min(cut.before, cut.through));
	}

	private probe(now: number): void {
		if (this.rate === undefined) return;
		const seconds = (now - this.rateSetAt) / 1000;
		if (seconds < 1) return;
		this.rate *= (1 + ADAPTIVE.probePerSecond) ** Math.floor(seconds);
		if (this.stated !== undefined) this.rate = Math.min(this.rate, ADAPTIVE.statedShare * this.stated);
		this.rateSetAt += Math.floor(seconds) * 1000;
	}

	private set(value: number): void {
		this.value = Math.max(1, Math.min(this.ceiling, value));
	}
}
