import { sleep } from 'n8n-workflow';

export const TIMED_OUT = Symbol('timed out');

/** The one reason every attempt's signal is aborted with once it is over: an abort without one builds a DOMException. */
const OVER = new Error('The attempt is over');

/**
 * Waits for `work` at most `ms` of real time (n8n's `timeout` is an idle timer a trickling server never trips). On
 * expiry, or when `also` is aborted (the execution's cancel), the signal given to `work` is aborted and the attempt
 * abandoned.
 */
export async function beforeDeadline<T>(
	ms: number,
	work: (signal: AbortSignal) => Promise<T>,
	also?: AbortSignal,
): Promise<T | typeof TIMED_OUT> {
	const controller = new AbortController();
	const end = () => controller.abort(OVER);
	// A listener, not AbortSignal.any: that one costs a dependent signal per attempt.
	if (also?.aborted) end();
	also?.addEventListener('abort', end, { once: true });
	const expired = (): typeof TIMED_OUT => TIMED_OUT;
	const expiry = sleep(Math.max(0, ms), controller.signal).then(expired, expired);
	try {
		return await Promise.race([work(controller.signal), expiry]);
	} finally {
		also?.removeEventListener('abort', end);
		// Clears the timer when the work won, cancels the work when the timer won.
		end();
	}
}
