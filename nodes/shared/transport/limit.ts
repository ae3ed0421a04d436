/**
 * How many requests of a node run may be in flight, and how fast they start. Requests in Parallel is a gate: that many
 * in flight, no more, from the first request. Round trips are never read; only what the service says lowers it:
 * - a 503 (overloaded) halves the gate, once for all the requests sent before it (their 503s are one overload); each
 *   gate's worth of answers then widens it by one, back up to Requests in Parallel;
 * - a 429 (too many requests) sets a pace for the rest of the run: starts spaced to 95% of the rate the gateway states
 *   (`RateLimit-Policy`), or else of what got through: the requests sent in the second up to the refused one that were
 *   answered (those answered after its 429 too). Each later 429 lowers the pace by 5% (one for a request sent before
 *   the pace was last set, sent too fast already, changes nothing); it rises back by 1% of the first pace a second,
 *   never past it. No second holds more starts than the pace, counting those before the first 429; starts a stall of
 *   the client delayed leave at twice the pace at most. Pure: every method takes the time it is told.
 */
export const LIMIT = {
	/** A 503 leaves this share of the gate open. */
	overloadedShare: 0.5,
	/** The pace a 429 sets: this share of the rate that got through, or of the rate the gateway states. */
	paceShare: 0.95,
	/** The slowest pace a 429 sets, in requests a second. */
	slowestPace: 1,
	/** After a later 429, the pace rises back by this share of the first 429's pace a second. */
	paceRecovery: 0.01,
	/** A pace holds over every window this long (a gateway's second). */
	paceWindowMs: 1000,
	/** Starts a stall of the client delayed leave at most this many times the pace. */
	catchUp: 2,
	/** How long the send times of answered requests are kept, to count what got through before a 429. */
	keptMs: 10_000,
};

/** The pace for a rate that got through or was stated. */
const paceFor = (perSecond: number) => Math.max(LIMIT.slowestPace, LIMIT.paceShare * perSecond);

export class Limit {
	/** Places open: Requests in Parallel, fewer after a 503 (a fraction while it widens again). */
	private open: number;
	/** Requests a second the run keeps to after a 429 (undefined before one), and the rate a gateway stated. */
	pace: number | undefined;
	private stated: number | undefined;
	/** When the gate was last narrowed and the pace last set: requests sent before then change neither again. */
	private narrowedAt = Number.NEGATIVE_INFINITY;
	private pacedAt = Number.NEGATIVE_INFINITY;
	/** The run's first 429: when its request was sent, and what got through in the window before (the most pace). */
	private first = { sentAt: Number.NEGATIVE_INFINITY, through: 0 };
	/** Before the first 429: when the requests answered in the last `keptMs` were sent, in the order of their answers. */
	private sent: number[] = [];
	/** When the requests of the last window started, and when the next paced one's turn comes. */
	private starts: number[] = [];
	private nextStartAt = 0;

	constructor(readonly ceiling: number) {
		this.open = ceiling;
	}

	/** Requests that may be in flight now. */
	get limit(): number {
		return Math.max(1, Math.floor(this.open));
	}

	/**
	 * Milliseconds till the next request may start: none without a pace. With one, requests start one after another,
	 * spaced by the pace (starts a stall of the client delayed, up to a window's worth, are made up at `catchUp` times
	 * it), and no window holds more starts than the pace, rounded up (a pace of 19.5 keeps its 19.5).
	 */
	startDelay(now: number): number {
		if (this.pace === undefined) return 0;
		const windowMs = LIMIT.paceWindowMs;
		while (this.starts.length > 0 && this.starts[0] <= now - windowMs) this.starts.shift();
		const most = Math.ceil((this.pace * windowMs) / 1000);
		// A full window moves the turn (what waits for it is no stall to make up).
		if (this.starts.length >= most)
			this.nextStartAt = Math.max(this.nextStartAt, this.starts[this.starts.length - most] + windowMs);
		const gap = 1000 / (LIMIT.catchUp * this.pace);
		return Math.max(0, this.nextStartAt - now, (this.starts.at(-1) ?? Number.NEGATIVE_INFINITY) + gap - now);
	}

	/** A request started now: with a pace, the next one's turn comes the pace's gap later. Every start is counted. */
	started(now: number): void {
		if (this.pace !== undefined) {
			const most = paceFor(this.stated ?? this.first.through);
			this.pace = Math.min(most, this.pace + (most * LIMIT.paceRecovery * (now - (this.starts.at(-1) ?? now))) / 1000);
			this.nextStartAt = Math.max(this.nextStartAt, now - LIMIT.paceWindowMs) + 1000 / this.pace;
		}
		this.starts.push(now);
		while (this.starts[0] <= now - LIMIT.paceWindowMs) this.starts.shift();
	}

	/** A request sent at `sentAt` was answered, neither 429 nor 503: the gate widens, and what got through is counted. */
	answered(sentAt: number, now: number): void {
		this.open = Math.min(this.ceiling, this.open + 1 / this.limit);
		if (this.pace === undefined) {
			while (this.sent.length > 0 && this.sent[0] <= now - LIMIT.keptMs) this.sent.shift();
			this.sent.push(sentAt);
		} else if (sentAt > this.first.sentAt - LIMIT.paceWindowMs && sentAt <= this.first.sentAt) {
			// Sent in the window before the first 429's request: it got through too, and the pace rises to match.
			this.pace = Math.min(paceFor(++this.first.through), this.pace + LIMIT.paceShare);
		}
	}

	/** The service was overloaded (503) for a request sent at `sentAt`: the gate narrows, once for those sent before. */
	overloaded(sentAt: number, now: number): void {
		if (sentAt <= this.narrowedAt) return;
		this.narrowedAt = now;
		this.open = Math.max(1, this.limit * LIMIT.overloadedShare);
	}

	/**
	 * A gateway refused a request sent at `sentAt` (429), stating `perSecond` or not: the pace is set (see the top).
	 * True for the run's first 429, when nothing paced the run yet: every request then waits for its Retry-After.
	 */
	throttled(sentAt: number, now: number, perSecond?: number): boolean {
		if (sentAt <= this.pacedAt) return false;
		this.pacedAt = now;
		this.stated = perSecond ?? this.stated;
		if (this.pace !== undefined) {
			this.pace = paceFor(Math.min(this.pace, this.stated ?? this.pace));
			return false;
		}
		const window = sentAt - LIMIT.paceWindowMs;
		this.first = { sentAt, through: this.sent.filter((at) => at > window && at <= sentAt).length };
		this.sent = [];
		this.pace = paceFor(this.stated ?? this.first.through);
		return true;
	}
}
