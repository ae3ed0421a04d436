import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { cancelSignalOf, runState } from './run';

/** How long to wait and how often to ask, as the user set it. */
export interface WaitOptions {
	pollIntervalSeconds: number;
	timeoutSeconds: number;
	/**
	 * When the wait began (ms since the epoch); the timeout counts from it. Waits for several jobs of one node run
	 * pass the same value so that together they never exceed the timeout. Default: when `waitUntilSettled` is called.
	 */
	startedAt?: number;
}

/**
 * How often to ask and how long to wait, unless the user says otherwise: one set for everything waited on (Wait for
 * Completion of ingestion jobs and queries, Celebrity Identify's ingest).
 */
export const WAIT_DEFAULTS = { pollIntervalSeconds: 5, timeoutSeconds: 600 } as const;

export type WaitState = 'done' | 'failed' | 'pending';

export interface WaitSpec<T> {
	/**
	 * Reads the current state of the thing waited on (one request), passing `deadline` to it so that no retry
	 * waits past the Timeout. Passed, not kept on the node's context: items of one run wait side by side.
	 */
	read: (deadline: number) => Promise<T>;
	/** Whether it has finished, failed for good, or is still running. */
	stateOf: (value: T) => WaitState;
	/** The thing waited on, for messages: e.g. `Ingestion job 65f0…`. */
	subject: string;
	/** Its status in words, for the timeout message: e.g. `in_progress (40 of 100 assets done)`. */
	statusOf: (value: T) => string;
	/** Why it failed, in words a user can act on: message detail and how to fix it. */
	failureOf: (value: T) => { reason: string; description: string };
	itemIndex: number;
}

/**
 * Polls until the subject finishes, fails, or the deadline passes. The deadline is real elapsed time measured from
 * the start (a slow answer counts against it, and no read retries past it), so a workflow waits at most the
 * Timeout plus one attempt.
 */
export async function waitUntilSettled<T>(
	this: IExecuteFunctions,
	spec: WaitSpec<T>,
	options: WaitOptions,
): Promise<T> {
	const started = options.startedAt ?? Date.now();
	const deadline = started + options.timeoutSeconds * 1000;
	const intervalMs = Math.max(0, options.pollIntervalSeconds * 1000);
	const halt = runState(this).halt.signal;
	for (;;) {
		// A read that meets a throttling or failing service stops retrying at the deadline instead of outliving it.
		const value = await spec.read(deadline);
		const state = spec.stateOf(value);
		if (state === 'done') return value;
		if (state === 'failed') {
			const { reason, description } = spec.failureOf(value);
			throw new NodeOperationError(this.getNode(), `${spec.subject} failed: ${reason}`, {
				description,
				itemIndex: spec.itemIndex,
			});
		}
		const remaining = deadline - Date.now();
		if (remaining <= 0) {
			const waited = Math.round((Date.now() - started) / 1000);
			throw new NodeOperationError(
				this.getNode(),
				`${spec.subject} did not finish within ${options.timeoutSeconds} seconds (last status: ${spec.statusOf(value)})`,
				{
					description: `Waited ${waited} seconds. It is still running on the service: raise "Timeout" under Wait for Completion, or turn waiting off and check it later with a Get operation.`,
					itemIndex: spec.itemIndex,
				},
			);
		}
		// Ends early when the node stops at another item's failure (the next read is then refused: RequestsStopped),
		// and when the execution is cancelled: nothing is read after that.
		const cancel = cancelSignalOf(this);
		await sleep(Math.min(intervalMs, remaining), cancel ? AbortSignal.any([cancel, halt]) : halt).catch(
			() => undefined,
		);
		if (cancel?.aborted) {
			throw new NodeOperationError(this.getNode(), `Stopped waiting for ${spec.subject}: the execution was cancelled`, {
				itemIndex: spec.itemIndex,
			});
		}
	}
}
