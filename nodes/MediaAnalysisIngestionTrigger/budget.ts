import type { IPollFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/** Share of n8n's budget for a poll its reads may use; the rest is for saving the state and n8n's commit of it. */
export const READ_SHARE = 0.75;

/** The poll's context whose execution cancel signal is the budget's, so the Run it makes stops on it. */
type Budgeted = IPollFunctions & { getExecutionCancelSignal(): AbortSignal };

/**
 * The time a poll may take (docs/reliability.md, Across polls): n8n 2.41's `getPollBudgetMs()`, past which the durable
 * scheduler's lease ends and the poll's cursor would not be committed (absent in n8n 1.x: no budget). Reads stop
 * starting at READ_SHARE of it, and a request still in flight then is aborted through the Run's cancel signal.
 */
export class PollBudget {
	readonly endsAt: number;
	private readonly expiry = new AbortController();
	private readonly done = new AbortController();

	private constructor(readonly ms: number) {
		const readMs = Math.floor(ms * READ_SHARE);
		this.endsAt = Date.now() + readMs;
		const expire = () => {
			if (!this.done.signal.aborted) this.expiry.abort();
		};
		void sleep(readMs, this.done.signal).then(expire, () => undefined);
	}

	/** The budget n8n gives this poll, or undefined where n8n gives none (1.x) or one that is no number of ms. */
	static of(context: IPollFunctions): PollBudget | undefined {
		const read = (context as Partial<Pick<IPollFunctions, 'getPollBudgetMs'>>).getPollBudgetMs;
		if (typeof read !== 'function') return undefined;
		const ms = read.call(context);
		return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? new PollBudget(ms) : undefined;
	}

	/** The reads' time is up: no read starts now. */
	get over(): boolean {
		return this.expiry.signal.aborted || Date.now() >= this.endsAt;
	}

	/** The expiry aborted a request in flight: its error is the budget's, not the service's. */
	get spent(): boolean {
		return this.expiry.signal.aborted;
	}

	/** `context` with the budget's signal as its execution's cancel signal (a poll has none of its own). */
	bind(context: IPollFunctions): Budgeted {
		const signal = this.expiry.signal;
		return Object.create(context, { getExecutionCancelSignal: { value: () => signal } }) as Budgeted;
	}

	/** Ends the timer once the poll is over. */
	end(): void {
		this.done.abort();
	}
}

/** Hands on `error` unless the budget's end caused it (it aborted the request that failed): then the poll goes on. */
export function unlessSpent(budget: PollBudget | undefined, error: unknown): void {
	if (!budget?.spent) throw error;
}
