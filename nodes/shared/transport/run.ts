import { AnswerBudget } from '../http/answers';
import type { Explained } from './errors';
import { AdaptiveLimit } from './limit';

/**
 * The most requests of one node run in flight at once (the ceiling of its adaptive limit, `limit.ts`): the router
 * sets it from the node's "Requests in Parallel" (items run side by side, their requests take turns); a run that did
 * not set it (a trigger's poll, a list search) gets the default.
 */
export const PARALLEL = { default: 64, max: 100 };

/** How many requests of the run are in flight and may be, and what holds the others back. */
export interface Pace {
	/** How many may be in flight now and how fast they may start, found from the service's answers. */
	limiter: AdaptiveLimit;
	inFlight: number;
	/** Requests waiting for a free place, first come first served. */
	queue: Array<() => void>;
	/** The service asked to slow down (429, Retry-After): no request of the run starts before this moment. */
	pausedUntil: number;
	/** The node is failing: no new request starts. */
	stopped: boolean;
	/** The last 429 came while the run kept a pace: the pace, not a pause of every request, answers it. */
	paced429: boolean;
}

/**
 * What one node run keeps across its items' requests, in one place: n8n gives each run its own context object, and
 * this lives exactly as long as it (one WeakMap from the context).
 */
export interface RunState {
	/** Requests in Parallel, the shared pause after a 429, and whether the node stopped (`pace.ts`). */
	pace: Pace;
	/** The bytes of answers being read at once across the run's items (ANSWER_LIMITS.runBytes). */
	answers: AnswerBudget;
	/** The credential's Base URL, read once. */
	baseUrl?: Promise<string>;
	/**
	 * Secrets the run was told (`ApiRequest.secrets`) or the service handed out in its answers (`answerSecrets`): the
	 * scrubber's inputs besides the credential (`scrubberFor`), kept out of every later error of the run.
	 */
	secrets: Set<string>;
	/**
	 * The error that ended the credential's access (a login refused, or a token just obtained refused again), so the
	 * remaining items fail with it at once instead of each logging in again.
	 */
	refusedAccess?: Explained;
	/** What each item did on the service, for the error that stops the node: items a request of which started… */
	sent: Set<number>;
	/** …and the changes each made (`POST /api/v1/datasets → 3f1c…`), in order. */
	writes: Map<number, string[]>;
	/** The item whose failure stopped the run's requests, when the transport stopped them. */
	stoppedAt?: number;
	/** Aborted when the run's requests stop: a wait between status reads ends then, instead of sleeping on. */
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
	// An answer the contract allows may be no record at all (a DELETE answered null or a list).
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
