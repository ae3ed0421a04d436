import { sleep } from 'n8n-workflow';

import { AdaptiveLimit } from './limit';
import { cancelSignalOf, PARALLEL, runState } from './run';

export { PARALLEL };

/**
 * Requests in Parallel for the run: the ceiling of its adaptive limit (`limit.ts`), which starts below it and finds
 * the service's pace. Anything but a finite number is refused (the router checks it first, by name).
 */
export function setParallelRequests(context: object, ceiling: number): void {
	if (typeof ceiling !== 'number' || !Number.isFinite(ceiling)) {
		throw new RangeError(`Requests in Parallel must be a number from 1 to ${PARALLEL.max}, not ${String(ceiling)}`);
	}
	runState(context).pace.limiter = new AdaptiveLimit(
		Math.max(1, Math.min(PARALLEL.max, Math.floor(ceiling))),
		Date.now(),
	);
}

/** How many of the run's requests may be in flight now (for tests and the bench: the limit moves as answers come). */
export function currentLimit(context: object): number {
	return runState(context).pace.limiter.limit;
}

/**
 * What came back for a request that started at `sentAt`: an HTTP status, or undefined when nothing did (a network
 * failure), and the rate a 429 stated. The limit grows while round trips stay short, shrinks on a 503 or when they
 * grow; a 429 sets a pace.
 */
export function reportAnswer(
	context: object,
	sentAt: number,
	status: number | undefined,
	ratePerSecond?: number,
): void {
	const { pace } = runState(context);
	const now = Date.now();
	if (status === 429)
		pace.paced429 = !pace.limiter.throttled(sentAt, now, ratePerSecond) && pace.limiter.pace !== undefined;
	else if (status === 503) pace.limiter.overloaded();
	else if (status !== undefined) pace.limiter.answered(now - sentAt, now, pace.inFlight);
	// Room the limit gained is used when a place is given back (`free`), after the request's outcome is decided: a
	// failure that stops the node has then stopped the run's requests, so none starts after it.
}

/** Wakes as many waiting requests as the limit has room for (each checks again when it runs). */
function wakeWithin(pace: ReturnType<typeof runState>['pace']): void {
	for (let room = pace.limiter.limit - pace.inFlight; room > 0 && pace.queue.length > 0; room--) pace.queue.shift()?.();
}

/**
 * The node run is failing: requests not yet started never start (`RequestsStopped`); those in flight finish.
 * `itemIndex`: the item whose failure it is, when the transport stops the run at a request's final failure.
 */
export function stopRequests(context: object, itemIndex?: number): void {
	const run = runState(context);
	if (!run.pace.stopped) run.stoppedAt = itemIndex;
	run.pace.stopped = true;
	run.halt.abort();
	for (const wake of run.pace.queue.splice(0)) wake();
}

/** Thrown instead of starting a request after `stopRequests`; the router has already failed the node. */
export class RequestsStopped extends Error {
	override name = 'MediaAnalysisRequestsStopped';
}

const stoppedError = () => new RequestsStopped('The node stopped at an earlier item; this request was not sent');

/** Longest Retry-After of a 429 that a run keeping a pace answers with its pace alone (a longer one pauses all). */
const PACED_PAUSE_MS = 5000;

/**
 * Every request of the run waits `ms` before starting: one 429 slows the whole node, not only its own request.
 * Once the run keeps a gateway's pace, a short Retry-After of a 429 holds only the refused request (the pace slows
 * the rest), so one refusal does not stop every request for a second.
 */
export function pauseRequests(context: object, ms: number): void {
	const { pace } = runState(context);
	if (pace.paced429 && ms <= PACED_PAUSE_MS) return;
	pace.pausedUntil = Math.max(pace.pausedUntil, Date.now() + ms);
}

/**
 * Waits for a place among the run's requests in flight (and for the end of a shared pause), then returns the
 * function that frees it. Waiting here is not part of any request's time bounds: they start once it has a place.
 */
export async function takeTurn(context: object): Promise<() => void> {
	const { pace } = runState(context);
	for (;;) {
		if (pace.stopped) throw stoppedError();
		if (pace.inFlight < pace.limiter.limit) break;
		await new Promise<void>((resolve) => pace.queue.push(resolve));
	}
	pace.inFlight++;
	let freed = false;
	const free = () => {
		if (freed) return;
		freed = true;
		pace.inFlight--;
		wakeWithin(pace);
	};
	// After a shared pause, and spaced to a gateway's pace when the run keeps one (starts booked in turn order).
	const base = Math.max(Date.now(), pace.pausedUntil);
	const pacedAt = base + pace.limiter.startDelay(base);
	const startAt = () => Math.max(pacedAt, pace.pausedUntil);
	// A cancel ends the wait: the request then fails at once on the execution's signal (a clean-up goes out on its own).
	const cancel = cancelSignalOf(context);
	const due = () => Math.max(startAt() - Date.now(), pace.limiter.windowDelay(Date.now()));
	for (let wait = due(); wait > 0 && !cancel?.aborted; wait = due()) await sleep(wait, cancel).catch(() => undefined);
	pace.limiter.started(Date.now());
	// The node may have stopped during the pause: nothing starts after a stop.
	if (pace.stopped) {
		free();
		throw stoppedError();
	}
	return free;
}
