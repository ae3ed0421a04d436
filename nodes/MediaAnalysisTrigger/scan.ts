import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { ApiRequest, PageStyle } from '../shared/transport';
import { pages } from '../shared/transport';
import type { Observation } from './events';

/**
 * Reads a list newest first and stops at the first record older than the cursor, so a poll with nothing new costs
 * one request. Records that share the cursor's time are read again and de-duplicated by the event record. If the
 * service ever returns a page out of order, the scan stops trusting the order and reads to the end instead.
 */
export async function scanNewestFirst(
	this: IPollFunctions,
	request: ApiRequest,
	style: PageStyle,
	observe: (record: IDataObject) => Observation | undefined,
	cursor: number | null,
): Promise<Observation[]> {
	const observations: Observation[] = [];
	let previousTime = Number.POSITIVE_INFINITY;
	let ordered = true;
	for await (const page of pages.call(this, request, style, Number.POSITIVE_INFINITY)) {
		let reachedOlder = false;
		for (const record of page) {
			const observation = observe(record);
			if (!observation) continue;
			if (observation.time > previousTime) ordered = false;
			previousTime = observation.time;
			if (cursor !== null && observation.time < cursor) {
				reachedOlder = true;
				if (ordered) break;
				continue;
			}
			observations.push(observation);
		}
		if (reachedOlder && ordered) break;
	}
	return observations;
}

/** Milliseconds of an ISO date-time from the service, or undefined when absent or unreadable. */
export function timeOf(value: unknown): number | undefined {
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}
