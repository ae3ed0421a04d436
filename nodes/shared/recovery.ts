import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from './transport';

/**
 * How much earlier than the request, on the service's clock, a matching record may have been made and still be taken
 * as what the lost create made (its `Date` header and timestamps may come from hosts a little apart).
 */
export const RECOVERY_WINDOW_MS = 60_000;

export type ServiceTime = NonNullable<ApiRequest['serviceTime']>;

/**
 * The one rule for every `recover:` lookup. "Made after the request" is judged on the service's clock: its time when
 * it answered the list minus the time since the create was about to be sent (on n8n's clock, so never too little).
 * The newest matching record dated from `RECOVERY_WINDOW_MS` before that is taken; none: the create did not take
 * effect. Matches that cannot be judged make the lookup throw (the create may or may not have been carried out).
 * Call it just before sending the create.
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
