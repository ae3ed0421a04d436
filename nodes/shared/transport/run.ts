import { sleep } from 'n8n-workflow';

import { AnswerBudget } from '../http/answers';
import type { Explained } from './errors';
import { PARALLEL, Pace } from './pace';
import type { ApiContext } from './types';
import { WrittenMemory } from './written';

/**
 * One node run, made by whoever runs the node (the router for each `execute`, a poll, a list search) and handed to
 * every operation and transport call explicitly: all the run keeps, in one value. Nothing of it lives beside n8n's
 * context; what outlives the run (writes an earlier try made, `written.ts`) is found by the execution's ID.
 */
export class Run {
	readonly pace: Pace;
	/** Bytes of answers being read at once, for the whole run. */
	readonly answers = new AnswerBudget();
	/** Secrets the run was told or the service handed out, kept out of every later error of the run. */
	readonly secrets = new Set<string>();
	/** The error that ended the credential's access, so the remaining items fail with it instead of logging in again. */
	refusedAccess?: Explained;
	/** Items a request of which started: what the error that stops the node says of them (`router.ts`). */
	readonly sent = new Set<number>();
	/** The item whose failure stopped the run's requests, when a request's failure stopped them. */
	stoppedAt?: number;
	/** Writes earlier tries of this execution's node run made (n8n's Retry On Fail), or none without Retry On Fail. */
	readonly written: WrittenMemory | undefined;
	/** Aborted by a cancel of the execution or a stop of the run: every wait of the run ends on it. */
	readonly waits: AbortSignal;
	/** The execution's cancel signal; a poll's is its time budget's end, a list search has none (it never aborts). */
	readonly cancel: AbortSignal;
	/** Without Continue On Fail, an item's failure stops the run: no request starts after it. */
	readonly stopsAtFailure: boolean;
	/** The Base URL of the run's credential, read once (`request.ts`). */
	baseUrl?: Promise<string>;
	private readonly halt = new AbortController();
	/** Waits under way (`sleep`): one listener on `waits` ends them all, however many items wait. */
	private readonly waiting = new Set<AbortController>();

	constructor(
		readonly context: ApiContext,
		ceiling?: number,
	) {
		this.pace = new Pace(ceiling ?? PARALLEL.default);
		const cancel = 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal?.() : undefined;
		this.cancel = cancel ?? new AbortController().signal;
		this.waits = AbortSignal.any([this.cancel, this.halt.signal]);
		this.waits.addEventListener('abort', () => {
			// A cancel stops the run: no item and no request starts after it, under Continue On Fail too.
			if (this.cancel.aborted) this.pace.stop();
			for (const wait of this.waiting) wait.abort();
		});
		if (this.cancel.aborted) this.pace.stop();
		// An action node's run has Continue On Fail; a poll or list search has none.
		const execution = 'continueOnFail' in context && typeof context.continueOnFail === 'function';
		this.stopsAtFailure = execution && !context.continueOnFail();
		this.written = execution ? WrittenMemory.of(context) : undefined;
	}

	/**
	 * The one place a run stops: requests not yet started never start (`RequestsStopped`), those in flight finish,
	 * and every wait ends. `itemIndex`: the item whose failure it is, when a request's final failure stops the run.
	 */
	stop(itemIndex?: number): void {
		if (this.pace.stopped) return;
		this.stoppedAt = itemIndex;
		this.pace.stop();
		this.halt.abort();
	}

	/** Waits `ms`, or less when the execution is cancelled or the run stops (the caller checks which). */
	async sleep(ms: number): Promise<void> {
		if (ms <= 0 || this.waits.aborted) return;
		const wait = new AbortController();
		this.waiting.add(wait);
		try {
			await sleep(ms, wait.signal).catch(() => undefined);
		} finally {
			this.waiting.delete(wait);
		}
	}
}
