/**
 * How many requests of a node run may be in flight, and how fast they may start, found as the run goes: the limit
 * starts small and doubles each round trip, then grows while round trips stay near the service's own time, shrinks
 * when they grow with the number in flight (the service is queueing) or when it answers 503, and never passes the
 * ceiling (Requests in Parallel). A gateway's 429 sets a pace instead: starts are spaced to a little under the rate
 * that got through, and the pace rises while nothing is refused, slowly at first (a gateway's rate is near), faster
 * each second (a burst of 429s had no rate behind it), and is dropped once it no longer holds the run back. Without a
 * pace, starts are still spread (over half the service's own round trip, `startDelay`), as BBR paces its sends: a
 * burst would make every round trip hold the burst's work. The shape follows TCP Vegas and the gradient limiters of
 * Netflix's concurrency-limits: compare the round trips now with the service's own, and keep the queue between them
 * short.
 *
 * Round trips are judged by a low percentile (the 10th) of each round's answers, never by their mean or one answer:
 * answers that vary by item (a large image, a cold cache) leave the fast ones as fast however many are in flight, so
 * the low percentile stays where it was and the limit keeps growing with the throughput; a queue delays every answer,
 * the fast ones too, so it raises the low percentile with the number in flight. The service's own time (the base) is
 * the lowest of these percentiles, each from a whole round of answers (one round trip's, at least `batch`), so one
 * lucky round cannot make it tiny. Throughput confirms a queue twice: the answers a second times the service's own
 * mean round trip (from the first answers, before slow start queued any) is what they need in flight (Little's law),
 * and a queue keeps that at the service's capacity however many are sent, while answers that vary by item need all
 * that are in flight; and more in flight than a recent round had (a third fewer or less) brought no more answers a
 * second. Round trips that grew from the client's own work (its event loop busy with bursts of answers, a stall) come
 * with more answers when more are in flight: no cut. A base can be stale (the service got slower for everyone): when
 * the limit has halved and round trips did not shorten with it, the queue is not this run's, and the base is taken
 * anew. A cut the answers a second do not bear out is undone: they fell by a third (slow answers hold the places,
 * and the limit no longer falls below what they need) or rose by half (the cut read a stall of the client).
 *
 * Pure: every method takes the time it is told, so it behaves the same in a test and in a run.
 */
export const ADAPTIVE = {
	/** Requests in flight before anything is known of the service. */
	initial: 8,
	/** A round's low percentile up to this many times the base counts as healthy: the queue kept is at most this. */
	tolerance: 1.5,
	/**
	 * A queue confirmed, the limit falls to the in flight the answers need without one times this (and grows by one
	 * past it): the service's capacity and a little over, so it never idles while its queue stays short.
	 */
	headroom: 1.2,
	/** The share of a round's answers at or under its low percentile. */
	percentile: 0.1,
	/**
	 * More in flight still bring more answers when a round brought at least this share of the gain in answers a second
	 * its limit would bring without a queue over the recent round with fewer in flight (at most 1/fewer as many) that
	 * brought the most: then round trips that grew are the client's own work or answers that vary, not a queue, and
	 * the limit is not cut (a queue brings as many answers however many are in flight past its capacity).
	 */
	rises: 0.5,
	fewer: 1.5,
	/** Answers a second that fell or rose by this factor since a cut undo it (see `endRound`). */
	undo: 1.5,
	/** Rounds remembered for that comparison. */
	rateRounds: 20,
	/** Without a gateway's pace, at most this many times the limit start in the service's own round trip (`startDelay`). */
	spread: 2,
	/** Answers in a round at least (a round is one round trip's answers: as many as the limit). */
	batch: 16,
	/** Healthy rounds after which the capacity a queue showed is forgotten (the limit grows fast again). */
	forget: 10,
	/** A gateway's window: what got through is counted over the requests sent in the window before a refused one. */
	rateWindowMs: 1000,
	/** The starts a stall of the client delayed are made up at most this many times the pace (see `windowDelay`). */
	catchUp: 2,
	/** After a 429 the pace is this share of the rate that got through. */
	backoff: 0.95,
	/** The slowest pace a 429 without a stated rate sets, in requests per second. */
	minPerSecond: 1,
	/**
	 * While nothing is refused, the pace rises by this share in the first second after a 429, and by twice the share
	 * of the second before in each further second, up to `probeNear` (1%, 2%, 4%, 4%, …), or up to this share once
	 * two 429s came at levels within `sameLevel` of each other (a rate limit stands there): it stays near a gateway's
	 * rate. Once it is `beyond` times what got through before the 429, no rate limit stood there (a burst of 429s):
	 * it rises by `probeMost` a second (doubles), and recovers within seconds.
	 */
	probePerSecond: 0.01,
	probeNear: 0.04,
	probeMost: 1,
	beyond: 1.25,
	/** Two 429s whose levels are within this factor of each other show a rate limit there: the pace nears it slowly. */
	sameLevel: 1.15,
	/** A pace this many times the starts of the last window (2 seconds or more after a 429) is dropped. */
	unbound: 2,
	/** The share of a stated rate (RateLimit-Policy) the pace keeps to: a little under it, for the clocks' drift. */
	statedShare: 0.95,
	/** Successful requests remembered (when each was sent) to count what got through: at most this many, this long. */
	sentKept: 10_000,
	sentKeptMs: 10_000,
};

export class AdaptiveLimit {
	private value: number;
	/** The service's own round trip: the lowest low percentile of a round (undefined before the first round). */
	private baseMs: number | undefined;
	/**
	 * What a request takes without a queue, on average: the mean round trip of the first round (the first `initial`
	 * answers: slow start had not yet sent more than that ahead of them), or the lower mean of a round that set the
	 * base since. A later round's mean may hold a queue slow start built, and would make the service look as if it
	 * needed more in flight than it does.
	 */
	private baseMeanMs = Number.POSITIVE_INFINITY;
	/**
	 * The first round's mean less its low percentile (how much its answers vary without a queue), and the lowest base
	 * plus it, if lower than the base mean: the first round's own mean holds the run's start-up (its first connections,
	 * the engine's first items; about twice the service's time at the start of a run of the bench). A queue once
	 * confirmed, the limit falls to the need this gives, not the base mean's. A queue is judged with the base mean
	 * still: answers that vary by item have their slow ones after the first round, so both are far under their true
	 * mean, and the lower one made the client's own delays read as a queue (bench 9's varied row took 2.3–3.6× the
	 * ceiling full against 1.2–1.4×).
	 */
	private spreadMs: number | undefined;
	private leanMeanMs = Number.POSITIVE_INFINITY;
	/**
	 * What the service works at once, as the last round that saw a queue measured it (answers a millisecond times the
	 * base mean, Little's law), and the healthy rounds since: past the tolerance times it, the limit grows by one.
	 */
	private capacity: { value: number; healthyRounds: number; perMs: number; from: number } | undefined;
	/**
	 * The limit a cut starved (answers a second fell by `undo` since the cut: slow answers held the places, not a
	 * queue), or twice what it starved at: no later cut goes below it.
	 */
	private floor = 1;
	/** The round trips of the answers of the current round, and whether the limit held any of them back. */
	private round: number[] = [];
	private roundUsed = false;
	/** When the earliest request of the current round was sent, and when the round began (the last one ended). */
	private roundSentAt = Number.POSITIVE_INFINITY;
	private roundStartAt: number;
	/** The limit when the current round began, and the last `rateRounds` rounds' limits and answers a millisecond. */
	private roundLimit: number;
	/** The answers of the round before and when it began. */
	private lastRound = { answers: 0, startAt: 0 };
	private rates: Array<{ limit: number; perMs: number }> = [];
	/** When the last answers came (at most two rounds' worth at the ceiling), oldest first. */
	private answerTimes: number[] = [];
	private readonly startAt: number;
	/** Whether the last round brought more answers than fewer in flight did. */
	private rose = false;
	/** The last `batch` round trips, in slow start: a queue ends it as soon as it delays nearly all of them. */
	private recent: number[] = [];
	/**
	 * Where the limit and the round's low percentile stood when round trips last turned from healthy to long, and
	 * when the limit had fallen to a quarter of that since (the requests sent after it met at most that many ahead).
	 */
	private shrinking: { from: number; lowMs: number; quarterAt?: number } | undefined;
	/** Until the first sign of a limit (a round past the tolerance, a 429 or a 503), the limit doubles each round trip. */
	private slowStart = true;
	/** When the requests answered successfully in the last `sentKeptMs` were sent, in the order of their answers. */
	private sent: number[] = [];
	/** Requests per second the run keeps to after a 429, or undefined while none came. */
	private rate: number | undefined;
	private rateSetAt = 0;
	private cutAt = Number.NEGATIVE_INFINITY;
	/** The 429 the pace was last cut for: when its request was sent, what got through in the window before, the pace before. */
	private cut = { sentAt: Number.NEGATIVE_INFINITY, through: 0, before: Number.POSITIVE_INFINITY };
	/** The level (what got through, at most the pace before) of the 429 before the last one. */
	private lastLevel: number | undefined;
	/** The rate the gateway states (RateLimit-Policy), per second: the pace never rises past a share of it. */
	private stated: number | undefined;
	private nextStartAt = 0;
	/** The recent round trip, smoothed (0 before the first answer). */
	private roundTripMs = 0;
	/** The share the pace rises by in the next second without a refusal. */
	private step: number = ADAPTIVE.probePerSecond;
	/** When the paced requests of the last `rateWindowMs` actually started (at most the pace's worth). */
	private starts: number[] = [];

	constructor(
		readonly ceiling: number,
		now: number,
	) {
		this.value = Math.min(ceiling, ADAPTIVE.initial);
		this.nextStartAt = now;
		this.roundStartAt = now;
		this.roundLimit = this.value;
		this.lastRound.startAt = now;
		this.startAt = now;
	}

	/**
	 * Requests that may be in flight now. While a pace is kept, at least a window's worth of starts (up to the ceiling):
	 * the pace spaces them, and the starts a stall of the client delayed are still booked, so they are made up as soon
	 * as the window has room (`windowDelay`), instead of the pace's time being lost.
	 */
	get limit(): number {
		const value = Math.max(1, Math.floor(this.value));
		if (this.rate === undefined) return value;
		// A window's worth of starts at least; at most those that start within a window from now and those whose
		// answers are on their way (the pace times a round trip): a pace that rises spaces the later ones by itself.
		const window = Math.ceil((this.rate * ADAPTIVE.rateWindowMs) / 1000);
		const booked = Math.ceil((this.rate * (ADAPTIVE.rateWindowMs + this.roundTripMs)) / 1000);
		return Math.min(this.ceiling, Math.max(window, Math.min(value, booked)));
	}

	/** Requests per second after a 429, or undefined when no pace is kept. */
	get pace(): number | undefined {
		return this.rate;
	}

	/**
	 * Milliseconds the next request waits before it starts; its start is booked. With a gateway's pace, starts keep to
	 * it. Without one, they are spread: at most `spread` times the limit in the service's own round trip (the base, or
	 * the recent round trip if shorter: the first round's base holds the run's start-up). Places freed together (a
	 * burst of answers, a stall's end) or a limit that rose (slow start doubles it) would otherwise send a burst. On
	 * Node's event loop each step of a request is a promise, so every request of a burst waits for the steps of all
	 * the others before it leaves, and its answer for theirs; the service takes them one after another too. The
	 * answers come back together and the next burst leaves together: every round trip holds a burst's work (bench 9
	 * read 150–220 ms for a service of 100 ms), and the limit reads it as a queue. Spread, a start waits at most half
	 * a round trip (bench 9, 1,000 healthy items: 0.8–1.4× the HTTP Request node's time over four runs, 1.3–1.4×
	 * before).
	 */
	startDelay(now: number): number {
		this.probe(now);
		const gap =
			this.rate !== undefined
				? 1000 / this.rate
				: this.baseMs !== undefined
					? Math.min(this.baseMs, this.roundTripMs) / (ADAPTIVE.spread * this.limit)
					: 0;
		const at = Math.max(now, this.nextStartAt);
		this.nextStartAt = at + gap;
		return at - now;
	}

	/**
	 * Milliseconds a paced request that is due must still wait so that no window holds more starts than the pace
	 * (rounded up, so a steady pace of 19.5 keeps its 19.5): a client that stalled (a busy event loop) wakes its
	 * booked starts together, and a gateway counts them together. The starts a stall delayed are made up at most
	 * `catchUp` times the pace, not all at once: a bunch leaves over the milliseconds after it was counted, and with a stall
	 * each second the bunch of the second before would reach the gateway just inside its window.
	 */
	windowDelay(now: number): number {
		if (this.rate === undefined) return 0;
		const most = Math.ceil((this.rate * ADAPTIVE.rateWindowMs) / 1000);
		this.dropOldStarts(now);
		const last = this.starts.at(-1);
		const gap = last === undefined ? 0 : last + 1000 / (ADAPTIVE.catchUp * this.rate) - now;
		const full = this.starts.length < most ? 0 : this.starts[this.starts.length - most] + ADAPTIVE.rateWindowMs - now;
		return Math.max(0, gap, full);
	}

	/** A paced request started now. */
	started(now: number): void {
		if (this.rate !== undefined) this.starts.push(now);
	}

	/** An answer came `roundTripMs` after its request started, with `inFlight` requests of the run in flight. */
	answered(roundTripMs: number, now: number, inFlight: number): void {
		this.noteSent(now - roundTripMs, now);
		if (!(roundTripMs > 0)) return;
		this.roundTripMs = this.roundTripMs === 0 ? roundTripMs : 0.9 * this.roundTripMs + 0.1 * roundTripMs;
		// Grow only when the limit is what holds the run back: a run with fewer requests than places learns nothing.
		const used = inFlight + 1 >= this.limit;
		this.roundUsed ||= used;
		if (this.slowStart && used) this.set(this.value + 1);
		this.round.push(roundTripMs);
		this.answerTimes.push(now);
		if (this.answerTimes.length > 2 * this.ceiling + ADAPTIVE.batch) this.answerTimes.shift();
		if (this.slowStart && this.baseMs !== undefined) {
			this.recent.push(roundTripMs);
			if (this.recent.length > ADAPTIVE.batch) this.recent.shift();
			const low = [...this.recent].sort((a, b) => a - b)[Math.floor(ADAPTIVE.percentile * this.recent.length)];
			if (this.recent.length === ADAPTIVE.batch && low > ADAPTIVE.tolerance * this.baseMs) {
				this.recent = [];
				this.endRound(now, low);
				return;
			}
		}
		this.roundSentAt = Math.min(this.roundSentAt, now - roundTripMs);
		// A round is one round trip's answers; in slow start a batch, so that a queue is seen before the limit has
		// doubled past it again.
		const size =
			this.baseMs === undefined
				? Math.min(ADAPTIVE.batch, ADAPTIVE.initial)
				: this.slowStart
					? ADAPTIVE.batch
					: Math.max(ADAPTIVE.batch, this.limit);
		// After a cut, a round that takes over twice as long as the answers a second at the cut would bring ends early:
		// the cut may have starved the run (see `endRound`).
		const starving = this.capacity !== undefined && now - this.roundStartAt > (2 * size) / this.capacity.perMs;
		if (this.round.length >= size || starving) this.endRound(now);
	}

	/**
	 * A round trip's answers are in. The service queues when its low percentile passed the tolerance times the base,
	 * the answers a millisecond times the base mean (what they would need in flight without a queue, Little's law) no
	 * longer account for the limit over the headroom, and they did not rise over a recent round with fewer in flight:
	 * round trips grew and throughput did not. Then the limit falls to that need times the headroom (at most by half a
	 * round). Otherwise it grows by the square root of itself (the queue a Gradient limit allows), or by one while the
	 * capacity a queue last showed is remembered.
	 * Once the limit has fallen to a quarter and the round trips of requests sent since are not shorter, the base is
	 * this round's: the service got slower for everyone.
	 */
	private endRound(now: number, recentLowMs?: number): void {
		const sorted = this.round.sort((a, b) => a - b);
		const lowMs = recentLowMs ?? sorted[Math.floor(ADAPTIVE.percentile * sorted.length)];
		const { roundUsed: used, roundSentAt: sentAt } = this;
		// Answers a millisecond over this round and the one before, and at least the service's own mean round trip
		// (answers come in bursts: one round is too short, and in slow start a round is part of a burst).
		const windowMs = Math.min(now - this.startAt, Math.max(now - this.lastRound.startAt, this.baseMeanMs));
		const since = now - windowMs;
		let answers = 0;
		for (let i = this.answerTimes.length - 1; i >= 0 && this.answerTimes[i] > since; i--) answers++;
		const perMs = Math.max(answers, this.lastRound.answers + sorted.length) / Math.max(1, windowMs);
		this.lastRound = { answers: sorted.length, startAt: this.roundStartAt };
		const roundLimit = this.roundLimit;
		this.roundStartAt = now;
		this.roundLimit = this.value;
		// Did more in flight bring more answers? Against the recent rounds with notably fewer in flight (none: unknown).
		const best = this.rates
			.filter((rate) => rate.limit <= roundLimit / ADAPTIVE.fewer)
			.reduce<{ limit: number; perMs: number } | undefined>((a, b) => (a && a.perMs >= b.perMs ? a : b), undefined);
		const rises = best !== undefined && perMs >= best.perMs * (1 + ADAPTIVE.rises * (roundLimit / best.limit - 1));
		this.rates.push({ limit: roundLimit, perMs });
		const rose = this.rose;
		this.rose = rises;
		if (this.rates.length > ADAPTIVE.rateRounds) this.rates.shift();
		this.round = [];
		this.roundUsed = false;
		this.roundSentAt = Number.POSITIVE_INFINITY;
		const meanMs = sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length;
		this.spreadMs ??= meanMs - lowMs;
		if (this.baseMs === undefined || lowMs < this.baseMs) {
			this.baseMs = lowMs;
			this.baseMeanMs = Math.min(this.baseMeanMs, meanMs);
			this.leanMeanMs = Math.min(this.baseMeanMs, lowMs + this.spreadMs);
		}
		// In flight that the answers would need without a queue (Little's law).
		const needed = perMs * this.baseMeanMs;
		// What a queue confirmed falls to: the need without the run's start-up (see `leanMeanMs`).
		const leanNeed = perMs * this.leanMeanMs;
		const ratio = lowMs / this.baseMs;
		// Since a cut, the answers a second fell by `undo` (slow answers hold the places, not a queue: the cut starved
		// the run, and is not made again) or rose by it (the cut read a moment's lull, a stall of the client): no queue
		// stood there. The cut is undone.
		const cut = this.capacity;
		if (cut && ((used && perMs < cut.perMs / ADAPTIVE.undo) || perMs > cut.perMs * ADAPTIVE.undo)) {
			// This round and the one before did not show what their limits bring: not compared with later ones.
			this.rates.splice(-2);
			this.capacity = this.shrinking = undefined;
			if (perMs < cut.perMs) this.floor = Math.max(this.floor, cut.from, Math.min(this.ceiling, 2 * this.value));
			this.set(Math.max(cut.from, this.floor));
			return;
		}
		// A queue shows twice: round trips grew, and the answers a second no longer need what is in flight (in slow
		// start, the answers of a round are those of half the limit: it doubled since their requests were sent).
		const queued =
			!rises && ratio > ADAPTIVE.tolerance && (this.slowStart ? 2 : 1) * ADAPTIVE.headroom * needed < this.value;
		if (!queued) {
			this.shrinking = undefined;
			// More in flight brought more answers two rounds in a row (one may be a burst of answers): whatever capacity
			// a queue seemed to show, it was not one.
			if (rises && rose) this.capacity = undefined;
			// Up to the tolerance times the capacity last measured, by the square root of itself; past it, by one, until
			// it has stayed healthy for `forget` rounds.
			const capacity = this.capacity;
			if (capacity && ++capacity.healthyRounds >= ADAPTIVE.forget) this.capacity = undefined;
			const near = capacity !== undefined;
			if (!this.slowStart && used) this.set(this.value + (near ? 1 : Math.sqrt(this.value)));
			return;
		}
		// Slow start's rounds are not compared with later ones: their answers came from half their limit or less, and
		// against them a queue's rounds read as bringing more.
		if (this.slowStart) this.rates = [];
		this.slowStart = false;
		const shrinking = (this.shrinking ??= { from: this.value, lowMs });
		if (
			shrinking.quarterAt !== undefined &&
			sentAt >= shrinking.quarterAt &&
			lowMs >= shrinking.lowMs / ADAPTIVE.tolerance
		) {
			// A quarter as many in flight and round trips as long: not a queue this run keeps. The service is slower now.
			this.baseMs = lowMs;
			this.baseMeanMs = this.leanMeanMs = meanMs;
			this.shrinking = undefined;
			return;
		}
		// Round trips grew: as many in flight as the answers of the round need without a queue, times the tolerance (at
		// most half fewer a round). Where round trips vary by item and more in flight still bring more answers, that is
		// all that are in flight: the limit stays. A queue keeps the answers at what the service works at once.
		const target = Math.max(this.value / 2, Math.min(this.value, ADAPTIVE.headroom * leanNeed));
		// Under the floor, slow answers hold the places (see `floor`): no capacity is kept, and the limit grows on.
		this.capacity = target < this.floor ? undefined : { value: leanNeed, healthyRounds: 0, perMs, from: this.value };
		this.set(Math.max(target, this.floor));
		if (shrinking.quarterAt === undefined && this.value <= shrinking.from / 4) shrinking.quarterAt = now;
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
		if (Number.isFinite(this.cut.sentAt)) this.lastLevel = this.cutLevel;
		this.cut = { sentAt, through, before: this.rate ?? Number.POSITIVE_INFINITY };
		this.rate =
			this.stated !== undefined
				? ADAPTIVE.statedShare * this.stated * (first ? 1 : ADAPTIVE.backoff)
				: Math.max(ADAPTIVE.minPerSecond, ADAPTIVE.backoff * this.cutLevel);
		this.rateSetAt = now;
		this.step = ADAPTIVE.probePerSecond;
		return first;
	}

	/** The level of the last 429: what got through in the window before it, at most the pace then. */
	private get cutLevel(): number {
		return Math.min(this.cut.before, this.cut.through);
	}

	/** Forgets the paced starts that left the window. */
	private dropOldStarts(now: number): void {
		while (this.starts.length > 0 && this.starts[0] <= now - ADAPTIVE.rateWindowMs) this.starts.shift();
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
		this.rate = Math.max(this.rate ?? ADAPTIVE.minPerSecond, ADAPTIVE.backoff * this.cutLevel);
	}

	/**
	 * Each second without a refusal the pace rises by its step (`probePerSecond`…). A pace `unbound` times the starts
	 * of the window before no longer binds: the limit in flight (or the items) hold the run back instead, and the pace
	 * is dropped (a stated rate is kept: the gateway said so). A later 429 sets one again and, as the first did, pauses
	 * every request for its Retry-After.
	 */
	private probe(now: number): void {
		if (this.rate === undefined) return;
		const seconds = Math.floor((now - this.rateSetAt) / 1000);
		if (seconds < 1) return;
		// A pace `unbound` times the starts of the window before no longer binds: dropped (not a stated one).
		this.dropOldStarts(now);
		const allowed = (this.rate * ADAPTIVE.rateWindowMs) / 1000;
		if (
			this.stated === undefined &&
			now - this.cutAt >= 2 * ADAPTIVE.rateWindowMs &&
			this.starts.length < allowed / ADAPTIVE.unbound
		) {
			this.rate = undefined;
			this.starts = [];
			this.nextStartAt = now;
			return;
		}
		// Near where the last 429 came the step doubles up to `probeNear`; past `beyond` times it no rate limit stood
		// there (a burst of 429s), and the pace doubles each second.
		const level = this.cutLevel;
		// A 429 near where the one before came: a rate limit stands there, and the pace nears it 1% a second.
		const near =
			this.lastLevel !== undefined &&
			level < ADAPTIVE.sameLevel * this.lastLevel &&
			this.lastLevel < ADAPTIVE.sameLevel * level;
		const most = near ? ADAPTIVE.probePerSecond : ADAPTIVE.probeNear;
		for (let second = 0; second < Math.min(seconds, 60); second++) {
			this.rate *= 1 + (this.rate >= ADAPTIVE.beyond * level ? ADAPTIVE.probeMost : this.step);
			this.step = Math.min(most, 2 * this.step);
		}
		this.rateSetAt += seconds * 1000;
		if (this.stated !== undefined) this.rate = Math.min(this.rate, ADAPTIVE.statedShare * this.stated);
	}

	private set(value: number): void {
		this.value = Math.max(1, Math.min(this.ceiling, value));
	}
}
