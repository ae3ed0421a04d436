import { Limit } from './limit';

/**
 * The most requests of one node run in flight at once (the gate of `limit.ts`): the router reads Requests in Parallel;
 * a trigger's poll or a list search gets the default.
 */
export const PARALLEL = { default: 100, max: 100 };

/** Longest Retry-After of a 429 that a run keeping a pace answers with its pace alone (a longer one pauses all). */
const PACED_PAUSE_MS = 5000;

/** Thrown instead of starting a request after the run stopped; the router has already failed the node. */
export class RequestsStopped extends Error {
	override name = 'MediaAnalysisRequestsStopped';
}

const stoppedError = () => new RequestsStopped('The node stopped at an earlier item; this request was not sent');

/** What a wait for a turn needs of its run: a wait that ends early on a cancel or a stop, and whether one came. */
export interface Waits {
	sleep(ms: number): Promise<void>;
	readonly waits: AbortSignal;
}

/**
 * How many of a run's requests are in flight and may be, and what holds the others back: the gate and the pace
 * (`limit.ts`), the pause after a 429, and the stop.
 */
export class Pace {
	readonly limiter: Limit;
	inFlight = 0;
	/** Requests waiting for a free place, first come first served. */
	private readonly queue: Array<() => void> = [];
	/** After a 429 or Retry-After, no request of the run starts before this moment. */
	private pausedUntil = 0;
	stopped = false;
	/** The last 429 came while the run kept a pace: the pace, not a pause of every request, answers it. */
	private paced429 = false;
	/** Paced requests start one after another: each waits for the start of the one before. */
	private startLine = Promise.resolve();
	/** Told whenever room may have opened (a place given back, the limit moved): the item pool admits more. */
	onRoom: () => void = () => {};

	constructor(ceiling: number) {
		if (typeof ceiling !== 'number' || !Number.isFinite(ceiling)) {
			throw new RangeError(`Requests in Parallel must be a number from 1 to ${PARALLEL.max}, not ${String(ceiling)}`);
		}
		this.limiter = new Limit(Math.max(1, Math.min(PARALLEL.max, Math.floor(ceiling))));
	}

	/**
	 * What came back for a request started at `sentAt` (a status, none on a network failure; the rate a 429 stated).
	 * Room the gate gained is used when a place is given back, after the request's outcome is decided: a failure that
	 * stops the node has then stopped the run's requests, so none starts after it.
	 */
	report(sentAt: number, status: number | undefined, ratePerSecond?: number): void {
		const now = Date.now();
		if (status === 429) this.paced429 = !this.limiter.throttled(sentAt, now, ratePerSecond);
		else if (status === 503) this.limiter.overloaded(sentAt, now);
		else if (status !== undefined) this.limiter.answered(sentAt, now);
	}

	/**
	 * Every request of the run waits `ms` before starting: one 429 slows the whole node, not only its own request;
	 * once the run keeps a pace, a later 429's short Retry-After holds only its own request (the pace slows the rest).
	 */
	pauseAll(ms: number): void {
		if (this.paced429 && ms <= PACED_PAUSE_MS) return;
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
	}

	/** No request starts from now on; those waiting for a place learn it at once. */
	stop(): void {
		this.stopped = true;
		for (const wake of this.queue.splice(0)) wake();
		this.onRoom();
	}

	/** Wakes as many waiting requests as the limit has room for (each checks again when it runs). */
	private wakeWithin(): void {
		for (let room = this.limiter.limit - this.inFlight; room > 0 && this.queue.length > 0; room--)
			this.queue.shift()?.();
		this.onRoom();
	}

	/**
	 * Waits for a place among the run's requests in flight (and for the end of a shared pause), then returns the
	 * function that frees it. Waiting here is not part of any request's time bounds: they start once it has a place.
	 * A cancel ends the wait (`run.waits`); the request then fails at once on it.
	 */
	async takeTurn(run: Waits): Promise<() => void> {
		for (;;) {
			if (this.stopped) throw stoppedError();
			if (this.inFlight < this.limiter.limit) break;
			await new Promise<void>((resolve) => this.queue.push(resolve));
		}
		this.inFlight++;
		let freed = false;
		const free = () => {
			if (freed) return;
			freed = true;
			this.inFlight--;
			this.wakeWithin();
		};
		// After a shared pause; with a pace, one after another in turn (`Limit.startDelay`).
		if (this.limiter.pace !== undefined || this.pausedUntil > Date.now()) {
			const turn = this.startLine.then(async () => await this.startWhenDue(run));
			this.startLine = turn.catch(() => undefined);
			await turn;
		} else this.limiter.started(Date.now());
		// The node may have stopped during the pause: nothing starts after a stop.
		if (this.stopped) {
			free();
			throw stoppedError();
		}
		return free;
	}

	/** Waits for the end of a shared pause and for the pace's turn (or a cancel or stop), then starts. */
	private async startWhenDue(run: Waits): Promise<void> {
		const due = () => Math.max(this.pausedUntil - Date.now(), this.limiter.startDelay(Date.now()));
		for (let wait = due(); wait > 0 && !run.waits.aborted && !this.stopped; wait = due()) await run.sleep(wait);
		this.limiter.started(Date.now());
	}
}
