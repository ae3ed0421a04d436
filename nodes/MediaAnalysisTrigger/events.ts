import type { IDataObject } from 'n8n-workflow';

/**
 * Turning what a poll observed into events, exactly once. Pure functions over the node's saved state, so the
 * rules can be read (and tested) apart from HTTP.
 *
 * Per watched scope the state holds a cursor (the newest event time seen, in the service's own clock, never later
 * than the poll's own clock) and a record of the last status seen per job or asset. A status is reported when it
 * differs from the recorded one, so reading the same entity twice (pages that overlap, events that share a
 * timestamp, a poll repeated after a restart with an older saved state) never reports it twice.
 */

export const JOB_EVENTS = ['jobCreated', 'jobStatusChanged', 'jobCompleted', 'jobFailed', 'jobStopped'] as const;
export const ASSET_EVENTS = ['assetCompleted', 'assetFailed', 'assetStatusChanged'] as const;
export type JobEvent = (typeof JOB_EVENTS)[number];
export type AssetEvent = (typeof ASSET_EVENTS)[number];
export type TriggerEvent = JobEvent | AssetEvent;

/** The end event of each end status: every status after which a job or asset stays put has one. */
export const END_EVENTS: Record<'job' | 'asset', Record<string, TriggerEvent>> = {
	job: { completed: 'jobCompleted', failed: 'jobFailed', stopped: 'jobStopped' },
	asset: { completed: 'assetCompleted', error: 'assetFailed' },
};

/**
 * Where each status stands in its life cycle. Two views of one entity with the same time are ordered by it (the
 * further-along status wins), so a service listing both never makes the status flip back and forth.
 */
const LIFE_CYCLE: Record<'job' | 'asset', string[]> = {
	job: ['pending', 'in_progress', 'paused', 'stopping', 'stopped', 'failed', 'completed'],
	asset: ['pending', 'in_progress', 'received', 'processing_started', 'error', 'completed'],
};

/**
 * How long a finished entity stays in the record after the cursor has passed it. An entity is read again only when
 * its event time moves past the cursor, which for a finished job or asset means it was re-ingested (a real new
 * event); the hour covers a service that touches a finished entity's time without changing its status.
 */
export const RETAIN_FINISHED_MS = 60 * 60 * 1000;
/** Hard cap on recorded entities per scope, so the saved state stays small; the oldest go first. */
export const MAX_RECORDED = 10_000;

export interface ScopeState {
	/** Newest event time seen (ms, service clock, at most the poll's clock); null until the service showed anything. */
	cursor: number | null;
	/** Event time at activation: jobs created before it are not "created" events. Null: everything is new. */
	since: number | null;
	/** entity id → [last status seen, its event time as the service gave it]. */
	seen: Record<string, [string, number]>;
	/** The service listed this scope out of time order: polls read the whole list until one finds it in order. */
	disordered?: boolean;
}

/** One observed job or asset, reduced to what event detection needs. */
export interface Observation {
	id: string;
	status: string;
	/** Event time (ms): a job's updated_dt, an asset's latest event time. */
	time: number;
	/** Jobs only: created_dt (ms). */
	createdTime?: number;
	/** The record as the service returned it, passed to the output. */
	record: IDataObject;
}

/** One change of one job or asset, with every wanted event it amounts to. */
export interface EmittedChange {
	/** The wanted events, most specific first (an end event, then created, then status changed). */
	events: TriggerEvent[];
	time: number;
	id: string;
	status: string;
	previousStatus: string | null;
	record: IDataObject;
}

export function newScopeState(): ScopeState {
	return { cursor: null, since: null, seen: {} };
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Whether saved static data is a scope state this version can use (anything else is reset, not trusted). */
export function isScopeState(value: unknown): value is ScopeState {
	if (typeof value !== 'object' || value === null) return false;
	const scope = value as Partial<ScopeState>;
	if (!(scope.cursor === null || isFiniteNumber(scope.cursor))) return false;
	if (!(scope.since === null || isFiniteNumber(scope.since))) return false;
	if (scope.disordered !== undefined && typeof scope.disordered !== 'boolean') return false;
	if (typeof scope.seen !== 'object' || scope.seen === null || Array.isArray(scope.seen)) return false;
	return Object.values(scope.seen).every(
		(entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && isFiniteNumber(entry[1]),
	);
}

/** The events one job observation amounts to, given the status recorded for it (if any). */
function jobEvents(observation: Observation, previous: string | undefined, since: number | null): TriggerEvent[] {
	const events: TriggerEvent[] = [];
	const end = END_EVENTS.job[observation.status];
	if (end) events.push(end);
	if (previous === undefined && (since === null || (observation.createdTime ?? observation.time) >= since)) {
		events.push('jobCreated');
	}
	// A job first seen in its initial status has not changed status; any other first sighting has.
	if (!(previous === undefined && observation.status === 'pending')) events.push('jobStatusChanged');
	return events;
}

function assetEvents(observation: Observation): TriggerEvent[] {
	const end = END_EVENTS.asset[observation.status];
	return end ? [end, 'assetStatusChanged'] : ['assetStatusChanged'];
}

/** Whether `observation` is news against the recorded view of its entity (a new status, from a view not older). */
function isNews(kind: 'job' | 'asset', observation: Observation, recorded: [string, number] | undefined, cursor: number | null) {
	if (!recorded) return true;
	const [status, time] = recorded;
	if (status === observation.status) return false;
	// A recorded time beyond the cursor was dated in the future: a later correction must not look older than it.
	const newest = cursor === null ? time : Math.min(time, cursor);
	if (observation.time < newest) return false; // an older view than one already applied
	if (observation.time > time) return true;
	if (observation.time < time) return true;
	const order = LIFE_CYCLE[kind];
	return order.indexOf(observation.status) > order.indexOf(status);
}

/** Whether a poll learns nothing from `observation`: the same status at the same time as recorded. */
export function isKnown(state: ScopeState, observation: Observation): boolean {
	const recorded = state.seen[observation.id];
	return recorded !== undefined && recorded[0] === observation.status && recorded[1] === observation.time;
}

/**
 * One view per entity: a list may hold an entity twice (pages that shifted, a service that lists two states at
 * once). The latest wins; at the same time, the further-along status.
 */
function latestPerEntity(kind: 'job' | 'asset', observations: Observation[]): Observation[] {
	const order = LIFE_CYCLE[kind];
	const latest = new Map<string, Observation>();
	for (const observation of observations) {
		const kept = latest.get(observation.id);
		if (
			!kept ||
			observation.time > kept.time ||
			(observation.time === kept.time && order.indexOf(observation.status) > order.indexOf(kept.status))
		) {
			latest.set(observation.id, observation);
		}
	}
	return [...latest.values()].sort((a, b) => a.time - b.time || a.id.localeCompare(b.id));
}

/**
 * Applies the observations of one poll to a scope's state and returns one change per job or asset that changed
 * and matched a wanted event, oldest first. Observations may come in any order and may repeat. `now` (the poll's
 * clock) bounds the cursor, so a record dated in the future cannot hide the events that follow it.
 */
export function detectEvents(
	state: ScopeState,
	kind: 'job' | 'asset',
	observations: Observation[],
	wanted: ReadonlySet<TriggerEvent>,
	now: number,
): EmittedChange[] {
	const emitted: EmittedChange[] = [];
	const cursor = state.cursor;
	for (const observation of latestPerEntity(kind, observations)) {
		const recorded = state.seen[observation.id];
		if (isNews(kind, observation, recorded, cursor)) {
			const previous = recorded?.[0];
			const matched = (kind === 'job' ? jobEvents(observation, previous, state.since) : assetEvents(observation)).filter(
				(event) => wanted.has(event),
			);
			if (matched.length > 0) {
				emitted.push({
					events: matched,
					time: observation.time,
					id: observation.id,
					status: observation.status,
					previousStatus: previous ?? null,
					record: observation.record,
				});
			}
			state.seen[observation.id] = [observation.status, observation.time];
		} else if (recorded && recorded[0] === observation.status && observation.time > recorded[1]) {
			state.seen[observation.id] = [observation.status, observation.time];
		}
		advanceCursor(state, observation.time, now);
	}
	prune(state);
	return emitted;
}

function advanceCursor(state: ScopeState, time: number, now: number): void {
	const bounded = Math.min(time, now);
	if (state.cursor === null || bounded > state.cursor) state.cursor = bounded;
}

/** Records the first view of a scope at activation: nothing is emitted, everything seen is known. */
export function startScope(state: ScopeState, kind: 'job' | 'asset', observations: Observation[], now: number): void {
	for (const observation of latestPerEntity(kind, observations)) {
		state.seen[observation.id] = [observation.status, observation.time];
		advanceCursor(state, observation.time, now);
	}
	state.since = state.cursor;
	prune(state);
}

function prune(state: ScopeState): void {
	if (state.cursor === null) return;
	const oldest = state.cursor - RETAIN_FINISHED_MS;
	const ended = (status: string) => status in END_EVENTS.job || status in END_EVENTS.asset;
	for (const [id, [status, time]] of Object.entries(state.seen)) {
		if (ended(status) && time < oldest) delete state.seen[id];
	}
	const entries = Object.entries(state.seen);
	if (entries.length <= MAX_RECORDED) return;
	entries.sort((a, b) => a[1][1] - b[1][1]);
	for (const [id] of entries.slice(0, entries.length - MAX_RECORDED)) delete state.seen[id];
}
