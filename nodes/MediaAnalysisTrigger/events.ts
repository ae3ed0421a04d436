import type { IDataObject } from 'n8n-workflow';

/**
 * Turning what a poll observed into events, exactly once. Pure functions over the node's saved state, so the
 * rules can be read (and tested) apart from HTTP.
 *
 * Per watched scope the state holds a cursor (the newest event time seen, in the service's own clock) and a record
 * of the last status seen per job or asset. A status is reported when it differs from the recorded one, so reading
 * the same entity twice (pages that overlap, events that share a timestamp, a poll repeated after a restart with an
 * older saved state) never reports it twice.
 */

export const JOB_EVENTS = ['jobCreated', 'jobStatusChanged', 'jobCompleted', 'jobFailed'] as const;
export const ASSET_EVENTS = ['assetCompleted', 'assetFailed', 'assetStatusChanged'] as const;
export type JobEvent = (typeof JOB_EVENTS)[number];
export type AssetEvent = (typeof ASSET_EVENTS)[number];
export type TriggerEvent = JobEvent | AssetEvent;

/** Statuses after which a job or asset does not change again unless it is re-ingested. */
const TERMINAL = new Set(['completed', 'failed', 'stopped', 'error']);

/**
 * How long a finished entity stays in the record after the cursor has passed it. An entity is read again only when
 * its event time moves past the cursor, which for a finished job or asset means it was re-ingested (a real new
 * event); the hour covers a service that touches a finished entity's time without changing its status.
 */
export const RETAIN_FINISHED_MS = 60 * 60 * 1000;
/** Hard cap on recorded entities per scope, so the saved state stays small; the oldest go first. */
export const MAX_RECORDED = 10_000;

export interface ScopeState {
	/** Newest event time seen (ms, service clock); null until the service has shown anything. */
	cursor: number | null;
	/** Event time at activation: jobs created before it are not "created" events. Null: everything is new. */
	since: number | null;
	/** entity id → [last status seen, its event time]. */
	seen: Record<string, [string, number]>;
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

export interface EmittedEvent {
	event: TriggerEvent;
	time: number;
	id: string;
	status: string;
	previousStatus: string | null;
	record: IDataObject;
}

export function newScopeState(): ScopeState {
	return { cursor: null, since: null, seen: {} };
}

/** The events one job observation produces, given the status recorded for it (if any). */
function jobEvents(observation: Observation, previous: string | undefined, since: number | null): TriggerEvent[] {
	const events: TriggerEvent[] = [];
	const isNew = previous === undefined && (since === null || (observation.createdTime ?? observation.time) >= since);
	if (isNew) events.push('jobCreated');
	if (previous === observation.status) return events;
	// A job first seen in its initial status has not changed status; any other first sighting has.
	if (!(isNew && observation.status === 'pending')) events.push('jobStatusChanged');
	if (observation.status === 'completed') events.push('jobCompleted');
	if (observation.status === 'failed') events.push('jobFailed');
	return events;
}

function assetEvents(observation: Observation, previous: string | undefined): TriggerEvent[] {
	if (previous === observation.status) return [];
	const events: TriggerEvent[] = ['assetStatusChanged'];
	if (observation.status === 'completed') events.push('assetCompleted');
	if (observation.status === 'error') events.push('assetFailed');
	return events;
}

/**
 * Applies the observations of one poll to a scope's state and returns the wanted events, oldest first.
 * Observations may come in any order and may repeat.
 */
export function detectEvents(
	state: ScopeState,
	kind: 'job' | 'asset',
	observations: Observation[],
	wanted: ReadonlySet<TriggerEvent>,
): EmittedEvent[] {
	const emitted: EmittedEvent[] = [];
	const ordered = [...observations].sort((a, b) => a.time - b.time || a.id.localeCompare(b.id));
	for (const observation of ordered) {
		const recorded = state.seen[observation.id];
		if (recorded && recorded[1] > observation.time) continue; // an older view than one already applied
		const previous = recorded?.[0];
		const events = kind === 'job' ? jobEvents(observation, previous, state.since) : assetEvents(observation, previous);
		for (const event of events) {
			if (!wanted.has(event)) continue;
			emitted.push({
				event,
				time: observation.time,
				id: observation.id,
				status: observation.status,
				previousStatus: previous ?? null,
				record: observation.record,
			});
		}
		state.seen[observation.id] = [observation.status, observation.time];
		if (state.cursor === null || observation.time > state.cursor) state.cursor = observation.time;
	}
	prune(state);
	return emitted;
}

/** Records the first view of a scope at activation: nothing is emitted, everything seen is known. */
export function startScope(state: ScopeState, observations: Observation[]): void {
	for (const observation of observations) {
		state.seen[observation.id] = [observation.status, observation.time];
		if (state.cursor === null || observation.time > state.cursor) state.cursor = observation.time;
	}
	state.since = state.cursor;
	prune(state);
}

function prune(state: ScopeState): void {
	if (state.cursor === null) return;
	const oldest = state.cursor - RETAIN_FINISHED_MS;
	for (const [id, [status, time]] of Object.entries(state.seen)) {
		if (TERMINAL.has(status) && time < oldest) delete state.seen[id];
	}
	const entries = Object.entries(state.seen);
	if (entries.length <= MAX_RECORDED) return;
	entries.sort((a, b) => a[1][1] - b[1][1]);
	for (const [id] of entries.slice(0, entries.length - MAX_RECORDED)) delete state.seen[id];
}
