/* The trigger's exactly-once rules, apart from HTTP: what one poll's observations turn into. */
import {
	LOOK_BACK_MS,
	MAX_RECORDED,
	MAX_RECORDED_TOTAL,
	RETAIN_FINISHED_MS,
	boundScopes,
	detectEvents as detectAt,
	lookBackFloor,
	newScopeState,
	readScope,
	readScopes,
	saveScope,
	startScope as startAt,
	windowFloor,
	type Observation,
	type ScopeState,
	type TriggerEvent,
} from '../../nodes/MediaAnalysisIngestionTrigger/events';

const ALL_JOB = new Set<TriggerEvent>(['jobCreated', 'jobStatusChanged', 'jobCompleted', 'jobFailed']);
const ALL_ASSET = new Set<TriggerEvent>(['assetCompleted', 'assetFailed', 'assetStatusChanged']);
const T0 = Date.parse('2026-11-22T10:00:00Z');

const job = (id: string, status: string, time: number, createdTime = time): Observation => ({
	id,
	status,
	time,
	createdTime,
	record: { id, status },
});
const asset = (id: string, status: string, time: number): Observation => ({
	id,
	status,
	time,
	record: { asset_id: id, status },
});
/** The poll's clock: a day after the records, so none of them is dated in the future. */
const NOW = T0 + 24 * 60 * 60 * 1000;
const detectEvents = (
	state: ScopeState,
	kind: 'job' | 'asset',
	observations: Observation[],
	wanted: ReadonlySet<TriggerEvent>,
) => detectAt(state, kind, observations, wanted, NOW);
const startScope = (state: ScopeState, observations: Observation[]) =>
	startAt(state, observations[0] && 'createdTime' in observations[0] ? 'job' : 'asset', observations, NOW);
/** One entry per change: its id and the events it matched, most specific first. */
const names = (changes: { events: string[]; id: string }[]) => changes.map((e) => `${e.id}:${e.events.join('+')}`);

test('activation records what exists and emits nothing; later changes are events', () => {
	const state = newScopeState();
	startScope(state, [job('a', 'in_progress', T0), job('b', 'completed', T0 - 5)]);
	expect(state.cursor).toBe(T0);
	expect(state.since).toBe(T0);
	const events = detectEvents(
		state,
		'job',
		[job('a', 'completed', T0 + 10, T0 - 100), job('c', 'pending', T0 + 20)],
		ALL_JOB,
	);
	expect(names(events)).toEqual(['a:jobCompleted+jobStatusChanged', 'c:jobCreated']);
	expect(events[0].previousStatus).toBe('in_progress');
});

test('the same observation read twice (overlapping pages, a repeated poll) is emitted once', () => {
	const state = newScopeState();
	startScope(state, []);
	const seen = [job('a', 'failed', T0 + 1), job('a', 'failed', T0 + 1)];
	expect(names(detectEvents(state, 'job', seen, ALL_JOB))).toEqual(['a:jobFailed+jobCreated+jobStatusChanged']);
	expect(detectEvents(state, 'job', seen, ALL_JOB)).toEqual([]);
});

test('events that share a timestamp are each emitted, across two polls, once', () => {
	const state = newScopeState();
	startScope(state, [asset('x', 'completed', T0)]);
	const first = detectEvents(state, 'asset', [asset('y', 'completed', T0 + 5)], ALL_ASSET);
	// The second poll sees y again and z, which carries the same timestamp but became visible later.
	const second = detectEvents(
		state,
		'asset',
		[asset('y', 'completed', T0 + 5), asset('z', 'error', T0 + 5)],
		ALL_ASSET,
	);
	expect(names(first)).toEqual(['y:assetCompleted+assetStatusChanged']);
	expect(names(second)).toEqual(['z:assetFailed+assetStatusChanged']);
});

test('a restart that loses the state of polls which emitted nothing still emits every event once', () => {
	// n8n saves static data with each execution; a poll that returns nothing may lose its state changes on restart.
	const wanted = new Set<TriggerEvent>(['assetCompleted']);
	const state = newScopeState();
	startScope(state, []);
	expect(
		names(detectEvents(state, 'asset', [asset('a', 'completed', T0 + 1), asset('b', 'in_progress', T0 + 1)], wanted)),
	).toEqual(['a:assetCompleted']);
	const savedWithExecution = JSON.parse(JSON.stringify(state));
	expect(detectEvents(state, 'asset', [asset('b', 'processing_started', T0 + 2)], wanted)).toEqual([]); // lost
	const afterRestart = savedWithExecution;
	const replay = [
		asset('a', 'completed', T0 + 1),
		asset('b', 'processing_started', T0 + 2),
		asset('b', 'completed', T0 + 3),
	];
	expect(names(detectEvents(afterRestart, 'asset', replay, wanted))).toEqual(['b:assetCompleted']);
	expect(detectEvents(afterRestart, 'asset', replay, wanted)).toEqual([]);
});

test('an older view of an entity never overrides a newer one', () => {
	const state = newScopeState();
	startScope(state, []);
	detectEvents(state, 'asset', [asset('a', 'completed', T0 + 10)], ALL_ASSET);
	expect(detectEvents(state, 'asset', [asset('a', 'processing_started', T0 + 5)], ALL_ASSET)).toEqual([]);
	expect(state.seen.a[0]).toBe('completed');
});

test('only the wanted events are emitted, while the record still follows every status', () => {
	const state = newScopeState();
	startScope(state, []);
	const events = detectEvents(
		state,
		'asset',
		[asset('a', 'in_progress', T0 + 1), asset('b', 'error', T0 + 2)],
		new Set(['assetFailed']),
	);
	expect(names(events)).toEqual(['b:assetFailed']);
	expect(state.seen.a[0]).toBe('in_progress');
});

test('jobs created before activation are not "created" events when they change later', () => {
	const state = newScopeState();
	startScope(state, [job('new-enough', 'completed', T0)]);
	const events = detectEvents(state, 'job', [job('old', 'in_progress', T0 + 10, T0 - 60_000)], ALL_JOB);
	expect(names(events)).toEqual(['old:jobStatusChanged']);
	expect(events[0].previousStatus).toBeNull();
});

test('the record keeps running entities and drops finished ones an hour behind the cursor, within a hard cap', () => {
	const state = newScopeState();
	startScope(state, []);
	detectEvents(state, 'asset', [asset('running', 'in_progress', T0), asset('done', 'completed', T0)], ALL_ASSET);
	detectEvents(state, 'asset', [asset('later', 'completed', T0 + RETAIN_FINISHED_MS + 1)], ALL_ASSET);
	expect(Object.keys(state.seen).sort()).toEqual(['later', 'running']);
	const many = Array.from({ length: MAX_RECORDED + 50 }, (_, i) =>
		asset(`m${i}`, 'in_progress', T0 + RETAIN_FINISHED_MS + 2 + i),
	);
	detectEvents(state, 'asset', many, ALL_ASSET);
	expect(Object.keys(state.seen)).toHaveLength(MAX_RECORDED);
	expect(state.seen[`m${MAX_RECORDED + 49}`]).toBeDefined();
});

test('every end status has an end event: a stopped job is Job Stopped', () => {
	const state = newScopeState();
	startScope(state, [job('a', 'in_progress', T0)]);
	const events = detectEvents(
		state,
		'job',
		[job('a', 'stopped', T0 + 5)],
		new Set<TriggerEvent>(['jobStopped', 'jobStatusChanged']),
	);
	expect(names(events)).toEqual(['a:jobStopped+jobStatusChanged']);
});

test('the cursor never passes the poll clock, so a record dated in the future hides nothing', () => {
	const state = newScopeState();
	startScope(state, [asset('a', 'completed', T0)]);
	detectEvents(state, 'asset', [asset('future', 'completed', Date.parse('2099-01-01T00:00:00Z'))], ALL_ASSET);
	expect(state.cursor).toBe(NOW);
	const later = detectEvents(state, 'asset', [asset('b', 'completed', NOW)], ALL_ASSET);
	expect(names(later)).toEqual(['b:assetCompleted+assetStatusChanged']);
	// The future record's own correction, dated before its first (wrong) time, is still news.
	const corrected = detectEvents(state, 'asset', [asset('future', 'error', NOW + 1)], ALL_ASSET);
	expect(names(corrected)).toEqual(['future:assetFailed+assetStatusChanged']);
});

test('two views of one entity at the same time: the further-along status wins, in one poll and across polls', () => {
	const state = newScopeState();
	startScope(state, []);
	const both = [asset('a', 'completed', T0 + 1), asset('a', 'processing_started', T0 + 1)];
	expect(names(detectEvents(state, 'asset', both, ALL_ASSET))).toEqual(['a:assetCompleted+assetStatusChanged']);
	expect(detectEvents(state, 'asset', [...both].reverse(), ALL_ASSET)).toEqual([]);
	expect(detectEvents(state, 'asset', [asset('a', 'processing_started', T0 + 1)], ALL_ASSET)).toEqual([]);
	// A real re-ingestion comes later in time and is news again.
	expect(names(detectEvents(state, 'asset', [asset('a', 'pending', T0 + 2)], ALL_ASSET))).toEqual([
		'a:assetStatusChanged',
	]);
});

test('a record listed late, below the cursor but within the look-back window, is an event once; one below the window is not', () => {
	const state = newScopeState();
	startScope(state, [job('a', 'completed', T0)]);
	detectEvents(state, 'job', [job('b', 'pending', T0 + 10_000)], ALL_JOB);
	const late = [
		job('late', 'pending', T0 + 8_000),
		job('b', 'pending', T0 + 10_000),
		job('old', 'pending', T0 + 10_000 - LOOK_BACK_MS),
	];
	expect(names(detectEvents(state, 'job', late, ALL_JOB))).toEqual(['late:jobCreated']);
	expect(detectEvents(state, 'job', late, ALL_JOB)).toEqual([]);
	expect(state.cursor).toBe(T0 + 10_000);
});

test('the look-back window closes once the cursor has stood still for LOOK_BACK_MS on the poll clock, and opens when it moves', () => {
	const state = newScopeState();
	detectAt(state, 'asset', [asset('a', 'completed', T0)], ALL_ASSET, T0 + 1_000);
	expect(lookBackFloor(state)).toBe(windowFloor(T0));
	detectAt(state, 'asset', [], ALL_ASSET, T0 + 1_000 + LOOK_BACK_MS / 2);
	expect(lookBackFloor(state)).toBe(windowFloor(T0) + LOOK_BACK_MS / 2);
	detectAt(state, 'asset', [], ALL_ASSET, T0 + 1_000 + LOOK_BACK_MS);
	expect(lookBackFloor(state)).toBe(T0);
	detectAt(state, 'asset', [asset('b', 'completed', T0 + 5)], ALL_ASSET, T0 + 2_000 + LOOK_BACK_MS);
	expect(lookBackFloor(state)).toBe(windowFloor(T0 + 5));
	// A poll whose pages shifted has the next one read from where the shift could have hidden records.
	detectAt(state, 'asset', [], ALL_ASSET, T0 + 3_000 + LOOK_BACK_MS, T0 - 600_000);
	expect(lookBackFloor(state)).toBe(T0 - 600_000);
});

test('finished entities stay recorded while a poll can still read them again, even past the hour', () => {
	const state = newScopeState();
	startScope(state, [asset('done', 'completed', T0)]);
	detectAt(state, 'asset', [asset('later', 'completed', T0 + RETAIN_FINISHED_MS + 10)], ALL_ASSET, NOW, T0);
	expect(Object.keys(state.seen).sort()).toEqual(['done', 'later']);
	expect(detectAt(state, 'asset', [asset('done', 'completed', T0)], ALL_ASSET, NOW)).toEqual([]);
	expect(Object.keys(state.seen)).toEqual(['later']);
});

test('ids and statuses named after built-in members are recorded like any other', () => {
	const state = newScopeState();
	startScope(state, [job('first', 'completed', T0)]);
	const odd = ['constructor', '__proto__', 'toString', 'hasOwnProperty'].map((id, i) =>
		job(id, i % 2 === 0 ? 'in_progress' : 'valueOf', T0 + 1 + i),
	);
	expect(names(detectEvents(state, 'job', odd, ALL_JOB))).toEqual(
		odd.map((o) => `${o.id}:jobCreated+jobStatusChanged`),
	);
	expect(detectEvents(state, 'job', odd, ALL_JOB)).toEqual([]);
	expect(Object.getPrototypeOf(state.seen)).toBeNull();
	expect(Object.keys(state.seen).sort()).toEqual(['__proto__', 'constructor', 'first', 'hasOwnProperty', 'toString']);
	const done = detectEvents(state, 'job', [job('__proto__', 'completed', T0 + 10)], ALL_JOB);
	expect(names(done)).toEqual(['__proto__:jobCompleted+jobStatusChanged']);
	expect(done[0].previousStatus).toBe('valueOf');
});

test('saved scopes keep the record as [id, status, time] triples; read back without prototypes; nothing else is read', () => {
	const state = newScopeState();
	startScope(state, [job('__proto__', 'completed', T0), job('constructor', 'in_progress', T0 - 1)]);
	state.disordered = true;
	const saved = JSON.parse(JSON.stringify(saveScope(state))) as unknown;
	expect(saved).toMatchObject({
		cursor: T0,
		since: T0,
		disordered: true,
		entities: [
			['constructor', 'in_progress', T0 - 1],
			['__proto__', 'completed', T0],
		],
	});
	const read = readScope(saved);
	expect(read).toEqual(state);
	expect(Object.getPrototypeOf(read?.seen)).toBeNull();
	for (const bad of [
		null,
		5,
		[],
		{ cursor: '1', since: null, entities: [] },
		{ cursor: 1, since: null, entities: {} },
		{ cursor: 1, since: 1, seen: { a: ['x', 1] } },
		{ cursor: T0, since: null, entities: [['a', 'x']] },
		{ cursor: T0, since: null },
		{ cursor: T0, since: null, entities: [], floor: 'x' },
	]) {
		expect(readScope(bad)).toBeUndefined();
	}
	expect(readScopes({ 'jobs:*': saved, 'assets:x': saved })?.size).toBe(2);
	expect(readScopes({ 'jobs:*': saved, 'assets:x': { cursor: 'soon' } })).toBeUndefined();
	expect(readScopes([saved])).toBeUndefined();
});

test('the records of all scopes together stay within a bound, the oldest dropped first and never emitted again', () => {
	const a = newScopeState();
	const b = newScopeState();
	startScope(a, [asset('a1', 'completed', T0), asset('a2', 'completed', T0 + 2)]);
	startScope(b, [asset('b1', 'completed', T0 + 1), asset('b2', 'completed', T0 + 3)]);
	boundScopes([a, b], 2);
	expect([...Object.keys(a.seen), ...Object.keys(b.seen)]).toEqual(['a2', 'b2']);
	expect(b.forgotten).toBe(T0 + 1);
	expect(detectEvents(b, 'asset', [asset('b1', 'completed', T0 + 1)], ALL_ASSET)).toEqual([]);
	expect(names(detectEvents(b, 'asset', [asset('b3', 'completed', T0 + 2)], ALL_ASSET))).toEqual([
		'b3:assetCompleted+assetStatusChanged',
	]);
});

test(`the record of every scope together is held to ${MAX_RECORDED_TOTAL} entities by default`, () => {
	const scopes = [0, 1, 2].map((s) => {
		const state = newScopeState();
		startScope(
			state,
			Array.from({ length: MAX_RECORDED_TOTAL / 2 }, (_, i) => asset(`${s}-${i}`, 'in_progress', T0 + i * 3 + s)),
		);
		return state;
	});
	boundScopes(scopes);
	expect(scopes.reduce((sum, state) => sum + Object.keys(state.seen).length, 0)).toBe(MAX_RECORDED_TOTAL);
	expect(scopes[2].seen[`2-${MAX_RECORDED_TOTAL / 2 - 1}`]).toBeDefined();
	expect(scopes[0].seen['0-0']).toBeUndefined();
});

test('a job the bounds let go of is never new again: only its end comes, once; the mark is saved and read back', () => {
	const state = newScopeState();
	startScope(state, []);
	const WANTED = new Set<TriggerEvent>([...ALL_JOB, 'jobFinished']);
	detectEvents(state, 'job', [job('old', 'pending', T0 + 1), job('new', 'pending', T0 + 2)], WANTED);
	expect(boundScopes([state], 1)).toEqual({ count: 1, recent: 1 });
	expect(state.letGoUntil).toBe(T0 + 1);
	const saved = readScope(JSON.parse(JSON.stringify(saveScope(state))));
	expect(saved?.letGoUntil).toBe(T0 + 1);
	const again = saved as ScopeState;
	// Its time moved (it started): no Job Created, and no status change its last known status cannot confirm.
	expect(detectEvents(again, 'job', [job('old', 'in_progress', T0 + 10, T0 + 1)], WANTED)).toEqual([]);
	// A byte bound holds as the count does: the oldest go first.
	const big = newScopeState();
	startScope(big, [job('a'.repeat(400), 'pending', T0), job('b', 'pending', T0 + 1)]);
	expect(boundScopes([big], 10, 100)).toEqual({ count: 1, recent: 1 });
	expect(Object.keys(big.seen)).toEqual(['b']);
	const finished = [job('old', 'failed', T0 + 20, T0 + 1)];
	expect(names(detectEvents(again, 'job', finished, WANTED))).toEqual(['old:jobFailed+jobFinished+jobStatusChanged']);
	expect(detectEvents(again, 'job', finished, WANTED)).toEqual([]);
	// A job created after the mark is new as ever.
	expect(names(detectEvents(again, 'job', [job('fresh', 'pending', T0 + 30)], WANTED))).toEqual(['fresh:jobCreated']);
});

test('the bounds let go of what no poll reads again first, finished before running, and what a poll may read again last', () => {
	const state = newScopeState();
	startScope(state, []);
	// An hour of jobs: old running ones, old finished ones, and a burst in the look-back window.
	detectEvents(state, 'job', [job('running', 'in_progress', T0), job('done', 'completed', T0 + 1)], ALL_JOB);
	const burst = [T0 + 600_000, T0 + 600_001].map((time, i) => job(`new-${i}`, 'pending', time));
	detectEvents(state, 'job', burst, ALL_JOB);
	expect(boundScopes([state], 3)).toEqual({ count: 1, recent: 0 });
	expect(Object.keys(state.seen).sort()).toEqual(['new-0', 'new-1', 'running']);
	expect(boundScopes([state], 1)).toEqual({ count: 2, recent: 1 });
	expect(Object.keys(state.seen)).toEqual(['new-1']);
});
