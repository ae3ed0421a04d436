import type { IDataObject } from 'n8n-workflow';

import { NOT_MADE, type ApiRequest } from './transport';

/**
 * How much earlier than the request, on the service's clock, a matching record may have been made and still be taken
 * as what the lost create made (its `Date` header and timestamps may come from hosts a little apart).
 */
export const RECORD_AGE = { windowMs: 60_000 };

export type ServiceTime = NonNullable<ApiRequest['serviceTime']>;
export type RecoverLookup = NonNullable<ApiRequest['recover']>;

/** Where the records that may be what a lost create made are listed, and how one is told apart. */
export interface RecordSearch<T extends object> {
	/** The records that may be it, listed now (each answer tells `serviceTime` the service's `Date`). */
	list: (serviceTime: ServiceTime) => Promise<T[]>;
	/** Whether a record is what the request would have made (its sources, its address, its name and settings). */
	matches: (record: T) => boolean;
	createdAt: (record: T) => unknown;
	/**
	 * For a create whose value the service keeps unique (a dataset's name): whether a record holds it. Held by a record
	 * that is not this request's (other settings, or made before it), the create was not carried out: the service
	 * refuses a second holder.
	 */
	holdsKey?: (record: T) => boolean;
}

/**
 * The one rule for every `recover:` lookup. "Made after the request" is judged on the service's clock: its time when
 * it answered the list minus the time since the create was first sent (on n8n's clock, so never too little).
 * The newest matching record dated from `RECORD_AGE.windowMs` before that is taken; none: the create did not take
 * effect (`NOT_MADE` when a record holds its unique value, undefined when it may yet be listed). Matches that cannot
 * be judged make the lookup throw (the create may or may not have been carried out).
 */
export function recoverRecord<T extends object>({
	list,
	matches,
	createdAt,
	holdsKey,
}: RecordSearch<T>): RecoverLookup {
	const unknown = () =>
		new Error('A matching record is listed, but the service gave no time to tell whether this request made it');
	return async (sentAt) => {
		let serviceTime: number | undefined;
		const listed = await list((ms) => (serviceTime = ms ?? serviceTime));
		const found = listed.filter(matches);
		const now = serviceTime;
		const taken = holdsKey && listed.some(holdsKey) ? NOT_MADE : undefined;
		if (found.length === 0) return taken;
		if (now === undefined) throw unknown();
		const since = now - (Date.now() - sentAt) - RECORD_AGE.windowMs;
		const dated = found.map((record) => ({ record, at: Date.parse(String(createdAt(record))) }));
		if (dated.some(({ at }) => !(at <= now + RECORD_AGE.windowMs))) throw unknown();
		const ours = dated.filter(({ at }) => at >= since).sort((a, b) => b.at - a.at)[0];
		return (ours?.record as IDataObject | undefined) ?? taken;
	};
}

const sameValue = (sent: unknown, kept: unknown): boolean => {
	if (Array.isArray(sent) && Array.isArray(kept)) {
		const [a, b] = [new Set(sent), new Set(kept)];
		return a.size === b.size && [...a].every((value) => b.has(value));
	}
	if (typeof sent === 'number' && typeof kept === 'number') return Math.abs(sent - kept) <= 1e-9 * Math.abs(sent);
	return sent === kept;
};

/**
 * Whether a dataset record is what a create with `body` would have made: each setting it sent is the record's (a
 * setting the record does not show cannot tell), its encoder among the record's.
 */
export function datasetAsSent(body: object): (record: IDataObject) => boolean {
	return (record) =>
		Object.entries(body).every(([field, sent]) => {
			if (field === 'encoder_name') {
				const encoders = record.encoders;
				return !Array.isArray(encoders) || encoders.some((encoder) => (encoder as IDataObject)?.name === sent);
			}
			const kept = record[field];
			return sent === undefined || kept === undefined || kept === null || sameValue(sent, kept);
		});
}
