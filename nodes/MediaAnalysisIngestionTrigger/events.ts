import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../shared/transport';

/** A poll's observations as events, each once: pure functions over the saved state (docs/internals.md, The trigger). */

export const JOB_EVENTS = [
	'jobCreated',
	'jobStatusChanged',
	'jobCompleted',
	'jobFailed',
	'jobStopped',
	'jobFinished',
] as const;
export const ASSET_EVENTS = ['assetCompleted', 'assetFailed', 'assetStatusChanged'] as const;
export type TriggerEvent = (typeof JOB_EVENTS)[number] | (typeof ASSET_EVENTS)[number];

/** What one trigger watches: its events, its dataset (none: every dataset) and the job statuses it keeps. */
export interface Watch {
	events: Set<TriggerEvent>;
	datasetId?: string;
	jobStatuses: Set<string>;
}

/** A table looked up by names the service sends (statuses): without a prototype, "constructor" finds nothing. */
const byName = <T>(entries: Record<string, T>): Record<string, T> =>
	Object.assign(Object.create(null) as Record<string, T>, entries);

/** The end event of each end status (after which a job or asset stays put). */
export const END_EVENTS: Record<'job' | 'asset', Record<string, TriggerEvent>> = {
	job: byName({ completed: 'jobCompleted', failed: 'jobFailed', stopped: 'jobStopped' }),
	asset: byName({ completed: 'assetCompleted', error: 'assetFailed' }),
};

/**
 * The job statuses each job end event fires on (Job Statuses must keep one of them). Job Finished: a job that ran to
 * its end, whether any asset made it or none did.
 */
export const END_STATUSES: Partial<Record<TriggerEvent, string[]>> = {
	jobCompleted: ['completed'],
	jobFailed: ['failed'],
	jobStopped: ['stopped'],
	jobFinished: ['completed', 'failed'],
};

/** Where each status stands in its life cycle: of two views of one entity at one time, the further along wins. */
const LIFE_CYCLE: Record<'job' | 'asset', string[]> = {
	job: ['pending', 'in_progress', 'paused', 'stopping', 'stopped', 'failed', 'completed'],
	asset: ['pending', 'in_progress', 'received', 'processing_started', 'error', 'completed'],
};
const furtherAlong = (kind: 'job' | 'asset', status: string, than: string) =>
	LIFE_CYCLE[kind].indexOf(status) > LIFE_CYCLE[kind].indexOf(than);

/** The look-back window: many times a lagging replica's delay (well under a second, seconds at worst). */
export const LOOK_BACK_MS = 60 * 1000;
/** How long a finished entity stays recorded past the cursor (a service may touch its time, not its status). */
export const RETAIN_FINISHED_MS = 60 * 60 * 1000;
/** Hard cap on recorded entities per scope; the oldest go first (docs/reliability.md, Across polls). */
export const MAX_RECORDED = 2_000;
/** Hard cap on recorded entities over every scope of one trigger; the oldest go first. */
export const MAX_RECORDED_TOTAL = 2_000;
/**
 * Hard cap on the saved JSON of the recorded entities of every scope together (ids are the service's, of any length),
 * so that the trigger's whole saved state stays under 128 KB; the oldest go first.
 */
export const MAX_RECORDED_BYTES = 100 * 1024;

export interface ScopeState {
	/** Newest event time seen (ms, service clock, at most the poll's clock); null until the service showed anything. */
	cursor: number | null;
	/** Event time at activation: jobs created before it are not "created" events. Null: everything is new. */
	since: number | null;
	/** entity id → [last status seen, its event time as the service gave it]; an object without a prototype. */
	seen: Record<string, [string, number]>;
	/** The service listed this scope out of time order: polls read the whole list until one finds it in order. */
	disordered?: boolean;
	/** The oldest event time the next poll reads (the look-back floor); absent: a full window below the cursor. */
	floor?: number;
	movedAt?: number;
	/** Newest event time of an entity the caps dropped: an unknown record dated at or before it is never emitted. */
	forgotten?: number;
	/**
	 * Newest event time of any entity the caps ever dropped (a job's creation is never later than its event time): a
	 * job created at or before it that is not recorded was seen before, so it is never new again (no Job Created) and,
	 * its last status unknown, only its end is emitted. Kept for good: one number.
	 */
	letGoUntil?: number;
	/** The poll's clock when the scope was added, kept while a lagging list of datasets could still leave it out. */
	addedAt?: number;
}

/**
 * A scope as static data keeps it: the record as [id, status, time] triples, so that no id from the service is ever
 * a key of saved JSON (n8n marks each object it loads with a `__dataChanged` key; `__proto__` is special anywhere).
 */
type SavedScope = Omit<ScopeState, 'seen'> & { entities: Array<[string, string, number]> };
const OPTIONAL_TIMES = ['floor', 'movedAt', 'forgotten', 'letGoUntil', 'addedAt'] as const;

/** One observed job or asset: its event time (ms) is a job's updated_dt, an asset's latest event time. */
export interface Observation {
	id: string;
	status: string;
	time: number;
	/** Jobs only: created_dt (ms). */
	createdTime?: number;
	record: IDataObject;
}

export interface EmittedChange {
	/** The wanted events it amounts to, most specific first (an end event, then created, then status changed). */
	events: TriggerEvent[];
	time: number;
	id: string;
	status: string;
	previousStatus: string | null;
	record: IDataObject;
}

const newRecord = () => Object.create(null) as Record<string, [string, number]>;

export function newScopeState(): ScopeState {
	return { cursor: null, since: null, seen: newRecord() };
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isTriple = (entry: unknown): entry is [string, string, number] =>
	Array.isArray(entry) &&
	entry.length === 3 &&
	typeof entry[0] === 'string' &&
	typeof entry[1] === 'string' &&
	isFiniteNumber(entry[2]);

const hasScopeFields = (scope: Record<string, unknown>) =>
	(scope.cursor === null || isFiniteNumber(scope.cursor)) &&
	(scope.since === null || isFiniteNumber(scope.since)) &&
	(scope.disordered === undefined || typeof scope.disordered === 'boolean') &&
	OPTIONAL_TIMES.every((key) => scope[key] === undefined || isFiniteNumber(scope[key]));

/** What `saveScope` wrote, rebuilt without prototypes; undefined when it is not that (reset, not trusted). */
export function readScope(value: unknown): ScopeState | undefined {
	if (!isRecord(value) || !hasScopeFields(value) || !Array.isArray(value.entities)) return undefined;
	const seen = newRecord();
	for (const entry of value.entities as unknown[]) {
		if (!isTriple(entry)) return undefined;
		seen[entry[0]] = [entry[1], entry[2]];
	}
	const scope: ScopeState = { cursor: value.cursor as number | null, since: value.since as number | null, seen };
	if (value.disordered === true) scope.disordered = true;
	for (const key of OPTIONAL_TIMES) if (value[key] !== undefined) scope[key] = value[key] as number;
	return scope;
}

export function readScopes(value: unknown): Map<string, ScopeState> | undefined {
	if (!isRecord(value)) return undefined;
	const scopes = new Map<string, ScopeState>();
	for (const [key, saved] of Object.entries(value)) {
		const scope = readScope(saved);
		if (!scope) return undefined;
		scopes.set(key, scope);
	}
	return scopes;
}

/** A scope as static data keeps it, its fields always in the same order so an unchanged scope saves the same JSON. */
export function saveScope(state: ScopeState): SavedScope {
	const saved: SavedScope = {
		cursor: state.cursor,
		since: state.since,
		entities: Object.entries(state.seen).map(([id, [status, time]]) => [id, status, time]),
	};
	if (state.disordered) saved.disordered = true;
	for (const key of OPTIONAL_TIMES) if (state[key] !== undefined) saved[key] = state[key];
	return saved;
}

export const windowFloor = (cursor: number) => cursor - LOOK_BACK_MS + 1;

/** The oldest event time a poll of this scope reads (its look-back floor); null before the scope showed anything. */
export function lookBackFloor(state: ScopeState): number | null {
	if (state.cursor === null) return null;
	return Math.min(state.cursor, state.floor ?? windowFloor(state.cursor));
}

function jobEvents(observation: Observation, previous: string | undefined, state: ScopeState): TriggerEvent[] {
	const end = END_EVENTS.job[observation.status];
	const events: TriggerEvent[] = end ? [end] : [];
	if (END_STATUSES.jobFinished?.includes(observation.status)) events.push('jobFinished');
	const created = observation.createdTime ?? observation.time;
	if (previous === undefined && state.letGoUntil !== undefined && created <= state.letGoUntil) {
		// One the caps let go of (created at or before the newest time they dropped): seen before, its last status
		// unknown, only an end is surely news (a touched time is not a change).
		return end ? [...events, 'jobStatusChanged'] : [];
	}
	if (previous === undefined && (state.since === null || created >= state.since)) {
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
function isNews(
	kind: 'job' | 'asset',
	observation: Observation,
	recorded: [string, number] | undefined,
	cursor: number | null,
) {
	if (!recorded) return true;
	const [status, time] = recorded;
	if (status === observation.status) return false;
	// A recorded time beyond the cursor was dated in the future: a later correction must not look older than it.
	const newest = cursor === null ? time : Math.min(time, cursor);
	if (observation.time < newest) return false; // an older view than one already applied
	return observation.time !== time || furtherAlong(kind, observation.status, status);
}

/** One view per entity (a list may hold one twice): the latest wins; at the same time, the further-along status. */
function latestPerEntity(kind: 'job' | 'asset', observations: Observation[]): Observation[] {
	const latest = new Map<string, Observation>();
	for (const observation of observations) {
		const kept = latest.get(observation.id);
		const sameTime = kept && observation.time === kept.time;
		if (!kept || observation.time > kept.time || (sameTime && furtherAlong(kind, observation.status, kept.status)))
			latest.set(observation.id, observation);
	}
	return [...latest.values()].sort((a, b) => a.time - b.time || a.id.localeCompare(b.id));
}

/**
 * Applies one poll's observations (any order, repeats allowed) to a scope and returns one change per job or asset
 * that changed and matched a wanted event, oldest first. `now` bounds the cursor (a record dated in the future
 * cannot hide later ones); `rereadFrom`: where records may have slipped between this read's pages.
 */
export function detectEvents(
	state: ScopeState,
	kind: 'job' | 'asset',
	observations: Observation[],
	wanted: ReadonlySet<TriggerEvent>,
	now: number,
	rereadFrom?: number,
): EmittedChange[] {
	const emitted: EmittedChange[] = [];
	const cursor = state.cursor;
	const floor = lookBackFloor(state);
	for (const observation of latestPerEntity(kind, observations)) {
		const { id, status, time, record } = observation;
		if (floor !== null && time < floor) continue;
		const recorded = state.seen[id];
		// The caps may have dropped this entity after it was emitted.
		if (!recorded && state.forgotten !== undefined && time <= state.forgotten) continue;
		const news = isNews(kind, observation, recorded, cursor);
		if (news) {
			const previous = recorded?.[0];
			const matched = (kind === 'job' ? jobEvents(observation, previous, state) : assetEvents(observation)).filter(
				(event) => wanted.has(event),
			);
			if (matched.length > 0)
				emitted.push({ events: matched, time, id, status, previousStatus: previous ?? null, record });
		}
		if (news || (recorded && recorded[0] === status && time > recorded[1])) state.seen[id] = [status, time];
		advanceCursor(state, time, now);
	}
	closePoll(state, now, rereadFrom);
	return emitted;
}

function advanceCursor(state: ScopeState, time: number, now: number): void {
	const bounded = Math.min(time, now);
	if (state.cursor === null || bounded > state.cursor) {
		state.cursor = bounded;
		if (Number.isFinite(now)) state.movedAt = now;
	}
}

/**
 * Records the first view of a new scope at activation: nothing is emitted (no event is wanted), everything seen is
 * known (to an empty record every view is news), and jobs created up to the cursor are never "created" events.
 */
export function startScope(
	state: ScopeState,
	kind: 'job' | 'asset',
	observations: Observation[],
	now: number,
	rereadFrom?: number,
): void {
	detectEvents(state, kind, observations, new Set(), now, rereadFrom);
	state.since = state.cursor;
}

/**
 * Ends a poll of a scope: sets where the next poll reads back to (the floor rises with the poll's clock while the
 * cursor stands still, and down to `rereadFrom` after pages shifted), then prunes the record.
 */
function closePoll(state: ScopeState, now: number, rereadFrom: number | undefined): void {
	if (state.cursor === null) return;
	const movedAt = state.movedAt ?? (Number.isFinite(now) ? now : undefined);
	if (movedAt === undefined) return;
	state.movedAt = movedAt;
	const stoodStill = Math.max(0, Number.isFinite(now) ? now - movedAt : 0);
	state.floor = Math.min(state.cursor, windowFloor(state.cursor) + stoodStill, rereadFrom ?? Number.POSITIVE_INFINITY);
	prune(state);
	// Later floors stay at or above the lower of these, so nothing dropped below it is read again.
	if (state.forgotten !== undefined && state.forgotten < Math.min(windowFloor(state.cursor), state.floor))
		delete state.forgotten;
}

const ended = (status: string) => status in END_EVENTS.job || status in END_EVENTS.asset;

function prune(state: ScopeState): void {
	const oldest = Math.min((state.cursor as number) - RETAIN_FINISHED_MS, state.floor as number);
	for (const [id, [status, time]] of Object.entries(state.seen)) {
		if (ended(status) && time < oldest) delete state.seen[id];
	}
	if (Object.keys(state.seen).length > MAX_RECORDED) boundScopes([state], MAX_RECORDED, Number.POSITIVE_INFINITY);
}

/**
 * The order the caps let go in: first what no poll reads again (below its scope's look-back floor), finished before
 * running (a finished one stays put; a running one let go of emits only its end), then what a poll may still read
 * again (a record listed late and dated before it is then no longer emitted); each tier oldest first.
 */
function letGoRank(state: ScopeState, [status, time]: [string, number]): number {
	const floor = lookBackFloor(state);
	if (floor !== null && time >= floor) return 2;
	return ended(status) ? 0 : 1;
}

/**
 * Holds the records of all of a trigger's scopes together to `max` entities and `maxBytes` of saved JSON, in
 * `letGoRank` order. Returns how many it dropped, and how many of those a poll could still read again.
 */
export function boundScopes(
	states: Iterable<ScopeState>,
	max = MAX_RECORDED_TOTAL,
	maxBytes = MAX_RECORDED_BYTES,
): { count: number; recent: number } {
	const all: Array<{ state: ScopeState; id: string; rank: number; time: number; bytes: number }> = [];
	let bytes = 0;
	for (const state of states) {
		for (const [id, entry] of Object.entries(state.seen)) {
			// What it adds to the saved JSON: its `[id, status, time]` triple and a comma.
			const size = Buffer.byteLength(JSON.stringify([id, ...entry])) + 1;
			bytes += size;
			all.push({ state, id, rank: letGoRank(state, entry), time: entry[1], bytes: size });
		}
	}
	if (all.length <= max && bytes <= maxBytes) return { count: 0, recent: 0 };
	all.sort((a, b) => a.rank - b.rank || a.time - b.time);
	let count = 0;
	let recent = 0;
	for (const { state, id, rank, time, bytes: size } of all) {
		if (all.length - count <= max && bytes <= maxBytes) break;
		if (rank === 2) recent++;
		// Dropped, and the newest time dropped remembered.
		delete state.seen[id];
		state.forgotten = Math.max(state.forgotten ?? time, time);
		state.letGoUntil = Math.max(state.letGoUntil ?? time, time);
		bytes -= size;
		count++;
	}
	return { count, recent };
}
