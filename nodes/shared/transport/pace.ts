import { sleep } from 'n8n-workflow';

/**
 * How many requests of one node run may be in flight at once: the router sets it from the node's "Requests in
 * Parallel" (items run side by side, their requests take turns); a run that did not set it (a trigger's poll, a
 * list search) gets the default.
 */
export const PARALLEL = { default: 8, max: 50 };

interface Pace {
	limit: number;
	inFlight: number;
	/** Requests waiting for a free place, first come first served. */
	queue: Array<() => void>;
	/** The service asked to slow down (429, Retry-After): no request of the run starts before this moment. */
	pausedUntil: number;
	/** The node is failing: no new request starts. */
	stopped: boolean;
}

const paces = new WeakMap<object, Pace>();

function paceOf(context: object): Pace {
	let pace = paces.get(context);
	if (!pace) paces.set(context, (pace = { limit: PARALLEL.default, inFlight: 0, queue: [], pausedUntil: 0, stopped: false }));
	return pace;
}

export function setParallelRequests(context: object, limit: number): void {
	paceOf(context).limit = Math.max(1, Math.min(PARALLEL.max, Math.floor(limit)));
}

/** The node run is failing: requests not yet started never start (`RequestsStopped`); those in flight finish. */
export function stopRequests(context: object): void {
	const pace = paceOf(context);
	pace.stopped = true;
	for (const wake of pace.queue.splice(0)) wake();
}

/** Thrown instead of starting a request after `stopRequests`; the router has already failed the node. */
export class RequestsStopped extends Error {
	override name = 'MediaAnalysisRequestsStopped';
}

/** Every request of the run waits `ms` before starting: one 429 slows the whole node, not only its own request. */
export function pauseRequests(context: object, ms: number): void {
	const pace = paceOf(context);
	pace.pausedUntil = Math.max(pace.pausedUntil, Date.now() + ms);
}

/**
 * Waits for a place among the run's requests in flight (and for the end of a shared pause), then returns the
 * function that frees it. Waiting here is not part of any request's time bounds: they start once it has a place.
 */
export async function takeTurn(context: object): Promise<() => void> {
	const pace = paceOf(context);
	for (;;) {
		if (pace.stopped) throw new RequestsStopped('The node stopped at an earlier item; this request was not sent');
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
	return free;
}
