import { NodeOperationError } from 'n8n-workflow';

import type { Run } from './run';

export interface WaitOptions {
	pollIntervalSeconds: number;
	timeoutSeconds: number;
	/** When the wait began (ms): waits for several jobs of one run share it, so together they keep to the timeout. */
	startedAt?: number;
}

export const WAIT_DEFAULTS = { pollIntervalSeconds: 5, timeoutSeconds: 600 } as const;

export type WaitState = 'done' | 'failed' | 'pending';

export interface WaitSpec<T> {
	/** One read of the state, passing `deadline` on so that no retry waits past the Timeout. */
	read: (deadline: number) => Promise<T>;
	stateOf: (value: T) => WaitState;
	/** For messages: e.g. `Ingestion job 65f0…`. */
	subject: string;
	/** For the timeout message: e.g. `in_progress (40 of 100 assets done)`. */
	statusOf: (value: T) => string;
	failureOf: (value: T) => { reason: string; description: string };
	itemIndex: number;
}

/** Polls until the subject finishes, fails, or the Timeout (real time from the start, reads included) passes. */
export async function waitUntilSettled<T>(run: Run, spec: WaitSpec<T>, options: WaitOptions): Promise<T> {
	const started = options.startedAt ?? Date.now();
	const deadline = started + options.timeoutSeconds * 1000;
	const intervalMs = Math.max(0, options.pollIntervalSeconds * 1000);
	for (;;) {
		const value = await spec.read(deadline);
		const state = spec.stateOf(value);
		if (state === 'done') return value;
		if (state === 'failed') {
			const { reason, description } = spec.failureOf(value);
			throw new NodeOperationError(run.context.getNode(), `${spec.subject} failed: ${reason}`, {
				description,
				itemIndex: spec.itemIndex,
			});
		}
		const remaining = deadline - Date.now();
		if (remaining <= 0) {
			const waited = Math.round((Date.now() - started) / 1000);
			throw new NodeOperationError(
				run.context.getNode(),
				`${spec.subject} did not finish within ${options.timeoutSeconds} seconds (last status: ${spec.statusOf(value)})`,
				{
					description: `Waited ${waited} seconds. It is still running on the service: raise "Timeout" under Wait for Completion, or turn waiting off and check it later with a Get operation.`,
					itemIndex: spec.itemIndex,
				},
			);
		}
		// Ends early when the node stops at another item's failure (the next read is then refused: RequestsStopped),
		// and when the execution is cancelled: nothing is read after that.
		await run.rest(Math.min(intervalMs, remaining));
		if (run.cancel.aborted) {
			throw new NodeOperationError(
				run.context.getNode(),
				`Stopped waiting for ${spec.subject}: the execution was cancelled`,
				{
					itemIndex: spec.itemIndex,
				},
			);
		}
	}
}
