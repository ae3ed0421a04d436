import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from './transport';

/**
 * How much earlier than the request, on the service's clock, a matching record may have been made and still be
 * taken as what the lost create made: a record the service dated this shortly before (its `Date` header and its
 * records' timestamps may come from hosts a little apart) is the same work anyway. Older ones are someone else's.
 */
export const RECOVERY_WINDOW_MS = 60_000;

/** Where the list read of a recover lookup reports the service's time (`ApiRequest.serviceTime`). */
export type ServiceTime = NonNullable<ApiRequest['serviceTime']>;

/**
 * The one rule for every `recover:` lookup, for a create whose answer was lost. "Made after the request" is judged
 * on the service's own clock, whatever n8n's says: the service's time when it answered the list (its `Date` header)
 * minus the time since the create was about to be sent (counted on n8n's clock, so never too little) is no later
 * than when the service got the create; a record matching it and dated from `RECOVERY_WINDOW_MS` before that is
 * taken (the newest of them). None matching: the create did not take effect (the transport sends it again).
 * Records that match but cannot be judged (no usable `Date` header, an unreadable timestamp, or one later than the
 * service's time, so its clock is not the header's) leave it unknown: the lookup throws, and the transport says the
 * create may or may not have been carried out rather than risk a duplicate or take someone else's record.
 *
 * Call it just before sending the create (`Date.now()` then is the start of the count).
 */
export function recoverRecord<T extends object>(
	list: (serviceTime: ServiceTime) => Promise<T[]>,
	matches: (record: T) => boolean,
	createdAt: (record: T) => unknown,
): () => Promise<IDataObject | undefined> {
	const sentAt = Date.now();
	const unknown = () =>
		new Error('A matching record is listed, but the service gave no time to tell whether this request made it');
	return async () => {
		let serviceTime: number | undefined;
		const found = (await list((ms) => (serviceTime = ms ?? serviceTime))).filter(matches);
		const now = serviceTime;
		if (found.length === 0) return undefined;
		if (now === undefined) throw unknown();
		const since = now - (Date.now() - sentAt) - RECOVERY_WINDOW_MS;
		const dated = found.map((record) => ({ record, at: Date.parse(String(createdAt(record))) }));
		if (dated.some(({ at }) => !(at <= now + RECOVERY_WINDOW_MS))) throw unknown();
		const ours = dated.filter(({ at }) => at >= since).sort((a, b) => b.at - a.at)[0];
		return ours?.record as IDataObject | undefined;
	};
}
