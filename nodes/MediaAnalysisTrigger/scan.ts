import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { ApiRequest, PageStyle } from '../shared/transport';
import { pages } from '../shared/transport';
import { isKnown, type Observation, type ScopeState } from './events';

export interface Scan {
	observations: Observation[];
	/** Whether every record read came newest first. */
	ordered: boolean;
	/** Whether the list was read to its end. */
	complete: boolean;
}

/**
 * Reads a list newest first, a whole page at a time, and stops after the first page that shows nothing new to
 * `scope`: a record older than its cursor, or only records already recorded with the same status and time. So a
 * poll with nothing new costs one request, however many records share the newest time. Without a scope
 * (activation) it reads until the first record older than the newest one it saw.
 *
 * A page is always read to its end, so a record out of time order on it is noticed; once the service lists a
 * scope out of order, polls read the whole list (within the transport's page bounds) until one finds it in order.
 */
export async function scanNewestFirst(
	this: IPollFunctions,
	request: ApiRequest,
	style: PageStyle,
	observe: (record: IDataObject) => Observation | undefined,
	scope: ScopeState | undefined,
	now: number,
): Promise<Scan> {
	const observations: Observation[] = [];
	let previousTime = Number.POSITIVE_INFINITY;
	let ordered = true;
	let cursor = scope?.cursor ?? null;
	const readAll = scope?.disordered === true;
	for await (const page of pages.call(this, request, style, Number.POSITIVE_INFINITY)) {
		let reachedOlder = false;
		let nothingNew = true;
		for (const record of page) {
			const observation = observe(record);
			if (!observation) continue;
			if (observation.time > previousTime) ordered = false;
			previousTime = observation.time;
			// Activation: the newest record (never later than now) sets where "older" starts.
			if (!scope && cursor === null) cursor = Math.min(observation.time, now);
			if (cursor !== null && observation.time < cursor) {
				reachedOlder = true;
				if (scope) continue;
			}
			if (!scope || !isKnown(scope, observation)) nothingNew = false;
			observations.push(observation);
		}
		if (!ordered || readAll) continue;
		if (reachedOlder || (scope && nothingNew)) return { observations, ordered, complete: false };
	}
	return { observations, ordered, complete: true };
}

/** Milliseconds of an ISO date-time from the service, or undefined when absent or unreadable. */
export function timeOf(value: unknown): number | undefined {
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}
