import { sleep } from 'n8n-workflow';

/** What `beforeDeadline` returns when the time ran out before the work finished. */
export const TIMED_OUT = Symbol('timed out');

/**
 * Waits for `work` at most `ms` of real time. n8n's `timeout` option is an idle timer that a server trickling its
 * answer byte by byte never trips; this bounds the whole exchange. On expiry the signal given to `work` is aborted
 * (n8n honours it where it does not put its own cancel signal in its place) and the attempt is abandoned.
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
