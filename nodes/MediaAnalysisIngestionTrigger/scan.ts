import type { IDataObject } from 'n8n-workflow';

import { pages, type ApiRequest, type PageStyle } from '../shared/transport';
import type { Run } from '../shared/run';
import { unlessSpent, type PollBudget } from './budget';
import { lookBackFloor, windowFloor, type Observation, type ScopeState } from './events';

/** Entries each page of an offset-paged list reads again from the end of the page before (deletions shift pages). */
export const PAGE_OVERLAP = 5;

export interface OverlappingPage {
	records: IDataObject[];
	/** Records may have moved up past this page's start unread: it does not begin with records the page before read. */
	shifted: boolean;
}

/**
 * Every page of a list through the transport's page loop (its bounds hold), each page after the first starting
 * PAGE_OVERLAP entries before the end of the one before (offset-counted families only).
 */
export async function* overlappingPages(
	run: Run,
	[request, style]: [ApiRequest, PageStyle],
	idOf: (record: IDataObject) => string | undefined,
): AsyncGenerator<OverlappingPage> {
	let overlap = 0;
	const stepBack: PageStyle = {
		...style,
		next: (response, position, pageSize, received) => {
			const next = style.next(response, position, pageSize, received);
			overlap =
				next !== undefined && next === position + received ? Math.min(PAGE_OVERLAP, Math.floor(received / 4)) : 0;
			return next === undefined ? undefined : next - overlap;
		},
	};
	let before = new Set<string>();
	let expected = 0;
	for await (const records of pages(run, request, stepBack, Number.POSITIVE_INFINITY)) {
		const ids = records.map(idOf).filter((id): id is string => id !== undefined);
		yield { records, shifted: expected > 0 && !(ids.length > 0 && before.has(ids[0])) };
		before = new Set(ids);
		expected = overlap;
	}
}

export interface Scan {
	observations: Observation[];
	ordered: boolean;
	/** The list was read to its end. */
	complete: boolean;
	/** Records may have moved up past a page boundary unread: the oldest time they can have (not older than the next page's first). */
	rereadFrom: number | null;
	/** n8n's time budget for the poll ended the read before the floor (the next poll reads down to it again). */
	cut: boolean;
}

const identity = (observation: Observation) => `${observation.id}\n${observation.status}\n${observation.time}`;

/**
 * Reads a list newest first, whole pages, down to the scope's look-back floor (docs/internals.md, The trigger); once
 * the window is closed, a page of records all known at the cursor's time also ends the read. Without a scope
 * (activation) it reads a full window below the newest record it sees.
 */
export async function scanNewestFirst(
	run: Run,
	list: [ApiRequest, PageStyle],
	observe: (record: IDataObject) => Observation | undefined,
	scope: ScopeState | undefined,
	now: number,
	budget?: PollBudget,
): Promise<Scan> {
	const observations: Observation[] = [];
	let previousTime = Number.POSITIVE_INFINITY;
	let ordered = true;
	let shifted: number | null | 'floor' = null;
	let oldest: number | null = null;
	let floor = scope ? lookBackFloor(scope) : null;
	const closed = scope !== undefined && scope.cursor !== null && floor === scope.cursor;
	const knownAtCursor = ({ id, status, time }: Observation) =>
		closed && scope.seen[id]?.[0] === status && scope.seen[id][1] === time && time <= (scope.cursor as number);
	const readAll = scope?.disordered === true;
	let before = new Set<string>();
	let stopped = false;
	let cut = false;
	const idOf = (record: IDataObject) => observe(record)?.id;
	try {
		for await (const page of overlappingPages(run, list, idOf)) {
			if (page.shifted && shifted !== 'floor') {
				const first = page.records.map(observe).find((observation) => observation !== undefined);
				shifted = first === undefined ? 'floor' : Math.min(shifted ?? first.time, first.time);
			}
			const held = new Set<string>();
			let reachedOlder = false;
			let nothingNew = true;
			for (const record of page.records) {
				const observation = observe(record);
				if (!observation) continue;
				const key = identity(observation);
				held.add(key);
				if (before.has(key)) continue; // read on the page before (the overlap)
				if (observation.time > previousTime) ordered = false;
				previousTime = observation.time;
				if (oldest === null || observation.time < oldest) oldest = observation.time;
				// Activation: the newest record (never later than now) sets the window.
				if (!scope && floor === null) floor = windowFloor(Math.min(observation.time, now));
				if (floor !== null && observation.time < floor) {
					reachedOlder = true;
					if (scope) continue;
				}
				if (!knownAtCursor(observation)) nothingNew = false;
				observations.push(observation);
			}
			before = held;
			if (budget?.over) {
				// Out of time: what was read counts, and the next poll reads down to this poll's floor again.
				cut = true;
				break;
			}
			if (!ordered || readAll) continue;
			if (reachedOlder || (closed && nothingNew && held.size > 0)) {
				stopped = true;
				break;
			}
		}
	} catch (error) {
		// n8n's time for the poll ran out while a page was on its way: what was read counts, as above.
		unlessSpent(budget, error);
		cut = true;
	}
	// Out of time order, "not older than the next page's first record" says nothing: the whole read is read again.
	const bottom = floor ?? oldest;
	const rereadFrom = cut
		? bottom
		: shifted === null
			? null
			: shifted === 'floor' || !ordered
				? bottom
				: Math.max(shifted, bottom ?? shifted);
	return { observations, ordered, complete: !cut && !stopped, rereadFrom, cut };
}
