import { AnswerBudget } from '../http/answers';
import type { Explained } from './errors';
import { AdaptiveLimit } from './limit';

/**
 * The most requests of one node run in flight at once (the ceiling of its adaptive limit): the router sets it from
 * "Requests in Parallel"; a trigger's poll or a list search gets the default.
 */
export const PARALLEL = { default: 100, max: 100 };

/** How many requests of the run are in flight and may be, and what holds the others back. */
export interface Pace {
	limiter: AdaptiveLimit;
	inFlight: number;
	/** Requests waiting for a free place, first come first served. */
	queue: Array<() => void>;
	/** After a 429 or Retry-After, no request of the run starts before this moment. */
	pausedUntil: number;
	stopped: boolean;
	/** The last 429 came while the run kept a pace: the pace, not a pause of every request, answers it. */
	paced429: boolean;
}

/** What one node run keeps across its items' requests; it lives as long as the run's context object. */
export interface RunState {
	pace: Pace;
	answers: AnswerBudget;
	baseUrl?: Promise<string>;
	/** Secrets the run was told or the service handed out (`answerSecrets`), kept out of every later error of the run. */
	secrets: Set<string>;
	/** The error that ended the credential's access, so the remaining items fail with it instead of logging in again. */
	refusedAccess?: Explained;
	/** What each item did on the service, for the error that stops the node: items a request of which started… */
	sent: Set<number>;
	/** …and the changes each made (`POST /api/v1/datasets → 3f1c…`), in order. */
	writes: Map<number, string[]>;
	/** The item whose failure stopped the run's requests, when the transport stopped them. */
	stoppedAt?: number;
	/** Aborted when the run's requests stop, so a wait between status reads ends then. */
	halt: AbortController;
}

const runs = new WeakMap<object, RunState>();

export function runState(context: object): RunState {
	let run = runs.get(context);
	if (!run) {
		run = {
			pace: {
				limiter: new AdaptiveLimit(PARALLEL.default, Date.now()),
				inFlight: 0,
				queue: [],
				pausedUntil: 0,
				stopped: false,
				paced429: false,
			},
			answers: new AnswerBudget(),
			secrets: new Set(),
			sent: new Set(),
			writes: new Map(),
			halt: new AbortController(),
		};
		runs.set(context, run);
	}
	return run;
}

/** The ID of a record as an answer or an output item holds it: `id`, else the first `…_id` field with a value. */
export function recordId(record: unknown): string | undefined {
	if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
	const entries = Object.entries(record);
	const [, value] =
		entries.find(([key]) => key === 'id') ??
		entries.find(([key, entry]) => key.endsWith('_id') && entry !== null && entry !== undefined) ??
		[];
	return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The execution's cancel signal, where the context has one (an action node's run; a poll or list search has none). */
export function cancelSignalOf(context: object): AbortSignal | undefined {
	const { getExecutionCancelSignal } = context as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof getExecutionCancelSignal === 'function' ? getExecutionCancelSignal.call(context) : undefined;
}
