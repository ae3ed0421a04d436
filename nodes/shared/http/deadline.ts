import { sleep } from 'n8n-workflow';

export const TIMED_OUT = Symbol('timed out');

/**
 * Waits for `work` at most `ms` of real time (n8n's `timeout` is an idle timer a trickling server never trips). On
 * expiry the signal given to `work` is aborted and the attempt abandoned.
 */
export async function beforeDeadline<T>(
	ms: number,
	work: (signal: AbortSignal) => Promise<T>,
): Promise<T | typeof TIMED_OUT> {
	const controller = new AbortController();
	const expired = (): typeof TIMED_OUT => TIMED_OUT;
	const expiry = sleep(Math.max(0, ms), controller.signal).then(expired, expired);
	try {
		return await Promise.race([work(controller.signal), expiry]);
	} finally {
		// Clears the timer when the work won, cancels the work when the timer won.
		controller.abort();
	}
}
