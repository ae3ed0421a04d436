import { sleep } from 'n8n-workflow';

import { PARALLEL, runState } from './run';

export { PARALLEL };

/** Requests in Parallel for the run; anything but a finite number is refused (the router checks it first, by name). */
export function setParallelRequests(context: object, limit: number): void {
	if (typeof limit !== 'number' || !Number.isFinite(limit)) {
		throw new RangeError(`Requests in Parallel must be a number from 1 to ${PARALLEL.max}, not ${String(limit)}`);
	}
	runState(context).pace.limit = Math.max(1, Math.min(PARALLEL.max, Math.floor(limit)));
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

/** Every request of the run waits `ms` before starting: one 429 slows the whole node, not only its own request. */
export function pauseRequests(context: object, ms: number): void {
	const { pace } = runState(context);
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
		if (pace.inFlight < pace.limit) break;
		await new Promise<void>((resolve) => pace.queue.push(resolve));
	}
	pace.inFlight++;
	let freed = false;
	const free = () => {
		if (freed) return;
		freed = true;
		pace.inFlight--;
		pace.queue.shift()?.();
	};
	for (let wait = pace.pausedUntil - Date.now(); wait > 0; wait = pace.pausedUntil - Date.now()) await sleep(wait);
	// The node may have stopped during the pause: nothing starts after a stop.
	if (pace.stopped) {
		free();
		throw stoppedError();
	}
	return free;
}
