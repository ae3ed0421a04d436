/* The polling trigger through n8n-core's PollContext against the sandbox: every event exactly once. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MediaAnalysisIngestionTrigger } from '../../nodes/MediaAnalysisIngestionTrigger/MediaAnalysisIngestionTrigger.node';
import { LOOK_BACK_MS } from '../../nodes/MediaAnalysisIngestionTrigger/events';
import { SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../sandbox/server';
import { accessToken, send } from '../sandbox/helpers';
import { usePollClock } from '../support/poll-clock';
import { TYPES, useTestBed } from './setup';
import { byId, byName } from '../support/locators';

const bed = useTestBed();
const pollClock = usePollClock();
const DATASET = SEED_DATASET_IDS.demoImages;
const STEP_MS = 1000;
const dataset = byId(DATASET);

let token: string;
let staticData: IDataObject;
beforeEach(async () => {
	bed.sandbox.clock.freeze();
	bed.sandbox.store.ingestion.setStepMs(STEP_MS);
	token = await accessToken(bed.sandbox);
	staticData = {};
});

/** Starts one ingestion job of images at the given source paths; returns its id. */
async function ingest(paths: string[], datasetId: string = DATASET): Promise<string> {
	const reply = await send(bed.sandbox.url, 'POST', '/api/v1/ingestion/images', {
		token,
		json: { dataset_id: datasetId, images: paths.map((source_path) => ({ source_path })) },
	});
	expect(reply.status).toBe(200);
	return (reply.body as { id: string }).id;
}
const images = (prefix: string, count: number) =>
	Array.from({ length: count }, (_, i) => `https://media.example.com/${prefix}-${i}.jpg`);

/** One poll, carrying static data from poll to poll as n8n does. */
async function poll(parameters: INodeParameters, mode: 'trigger' | 'manual' = 'trigger') {
	const before = bed.apiRequests().length;
	const result = await bed.harness.runPoll({ type: TYPES.trigger, parameters, staticData, mode });
	if (mode === 'trigger') staticData = result.staticData;
	const events = (result.items?.[0] ?? []).map((item) => item.json);
	return { events, requests: bed.apiRequests().length - before, staticData: result.staticData };
}
/** Time passes for the service and for n8n alike. */
const step = (steps = 1) => {
	bed.sandbox.clock.advance(steps * STEP_MS);
	pollClock.advance(steps * STEP_MS);
};
/** One entry per item: the events it matched, most specific first, and the job or asset id. */
const keys = (events: IDataObject[]) =>
	events.map((e) => `${(e.events as string[]).join('+')}:${String(e.id ?? e.asset_id)}`);

const JOB_EVENTS = { events: ['jobCreated', 'jobStatusChanged', 'jobCompleted', 'jobFailed'], datasetId: dataset };
const ASSET_EVENTS = { events: ['assetCompleted', 'assetFailed'], datasetId: dataset };

test('first activation emits nothing and starts from now; then each job event comes once', async () => {
	await ingest(images('before', 2));
	step(5);
	expect((await poll(JOB_EVENTS)).events).toEqual([]);

	const jobId = await ingest(images('after', 2));
	step();
	const first = await poll(JOB_EVENTS);
	expect(keys(first.events)).toEqual([`jobCreated+jobStatusChanged:${jobId}`]);
	expect(first.events[0]).toMatchObject({
		event: 'jobCreated',
		status: 'in_progress',
		previous_status: null,
		dataset_id: DATASET,
	});
	// The fields the trigger makes follow the service's convention, like the job's own (issue 32, item 5); the job's
	// fields follow at the top level, exactly as the jobs list gives them (as Ingestion's Job › Get does).
	expect(Object.keys(first.events[0])).toEqual([
		'event',
		'events',
		'event_time',
		'previous_status',
		...Object.keys(first.events[0]).slice(4),
	]);
	expect(first.events[0]).toMatchObject({ id: jobId, dataset_id: DATASET });
	expect(Object.keys(first.events[0]).slice(4)).toEqual(expect.arrayContaining(['id', 'job_type', 'total_assets']));
	expect((await poll(JOB_EVENTS)).events).toEqual([]);
	step(2);
	const done = await poll(JOB_EVENTS);
	expect(keys(done.events)).toEqual([`jobCompleted+jobStatusChanged:${jobId}`]);
	expect(done.events[0]).toMatchObject({
		event: 'jobCompleted',
		previous_status: 'in_progress',
		status: 'completed',
		processed_assets: 2,
	});
	step(10);
	expect((await poll(JOB_EVENTS)).events).toEqual([]);
});

test('a poll with nothing new makes one request per watched scope', async () => {
	await poll({ events: ['jobCompleted', 'assetCompleted'], datasetId: dataset });
	await ingest(images('a', 3));
	step(3);
	expect((await poll({ events: ['jobCompleted', 'assetCompleted'], datasetId: dataset })).events).toHaveLength(4); // 1 job, 3 assets
	const quiet = await poll({ events: ['jobCompleted', 'assetCompleted'], datasetId: dataset });
	expect(quiet.events).toEqual([]);
	expect(quiet.requests).toBe(2); // the jobs list and the dataset's asset statuses, one page each
});

const CREATED = { events: ['jobCreated'], datasetId: dataset };

test('a burst larger than a page is read through every page, each event once', async () => {
	await poll(CREATED);
	const ids: string[] = [];
	for (let i = 0; i < 250; i++) {
		ids.push(await ingest([`https://media.example.com/burst-${i}.jpg`]));
		bed.sandbox.clock.advance(1); // distinct times, all within one step
	}
	const created = await poll(CREATED);
	expect(created.events).toHaveLength(250);
	expect(new Set(created.events.map((e) => e.id))).toEqual(new Set(ids));
	expect(created.requests).toBe(3);
	step(5);
	await poll(CREATED); // the 250 jobs finished: status changes to read, none wanted
	// The next poll reads the look-back window again (the 250 jobs of its last minute); once the cursor has stood
	// still for the window on n8n's clock, nothing can still show up in it.
	pollClock.advance(LOOK_BACK_MS);
	expect(await poll(CREATED)).toMatchObject({ events: [], requests: 3 });
	const quiet = await poll(CREATED);
	expect(quiet.events).toEqual([]);
	expect(quiet.requests).toBe(1); // no rescan of the 250 older jobs
});

test('after a burst at one instant larger than a page, a poll with nothing new still costs one request', async () => {
	await poll(CREATED);
	const ids: string[] = [];
	for (let i = 0; i < 250; i++) ids.push(await ingest([`https://media.example.com/instant-${i}.jpg`])); // the clock is frozen
	const created = await poll(CREATED);
	expect(new Set(created.events.map((e) => e.id))).toEqual(new Set(ids));
	expect(created.events).toHaveLength(250);
	pollClock.advance(LOOK_BACK_MS);
	expect(await poll(CREATED)).toMatchObject({ events: [], requests: 3 }); // the look-back window, once more
	for (let i = 0; i < 3; i++) expect(await poll(CREATED)).toMatchObject({ events: [], requests: 1 });
	const late = await ingest(images('late', 1)); // still the same instant
	const next = await poll(CREATED);
	expect(keys(next.events)).toEqual([`jobCreated:${late}`]);
	expect(next.requests).toBe(2); // the page with the new job, then a page of jobs already seen
});

test('events that share a timestamp, split across two polls, are each emitted once', async () => {
	await poll(CREATED);
	const a = await ingest(images('same-a', 1));
	const b = await ingest(images('same-b', 1));
	const first = await poll(CREATED);
	const c = await ingest(images('same-c', 1)); // same instant: the clock is frozen
	const second = await poll(CREATED);
	expect(keys(first.events).sort()).toEqual([`jobCreated:${a}`, `jobCreated:${b}`].sort());
	expect(keys(second.events)).toEqual([`jobCreated:${c}`]);
	expect(first.events[0].event_time).toBe(second.events[0].event_time);
});

test('a restart with saved static data, and one that lost the state of a quiet poll, emit nothing twice', async () => {
	await poll(ASSET_EVENTS);
	await ingest(images('restart', 2));
	step(3);
	const beforeRestart = await poll(ASSET_EVENTS);
	expect(beforeRestart.events).toHaveLength(2);
	const saved = beforeRestart.staticData;
	await ingest(images('quiet', 1));
	step(1);
	expect((await poll(ASSET_EVENTS)).events).toEqual([]); // in progress: nothing wanted yet
	staticData = JSON.parse(JSON.stringify(saved)) as IDataObject; // n8n restarts with the last saved state
	step(2);
	const afterRestart = await poll(ASSET_EVENTS);
	expect(afterRestart.events.map((e) => e.source_path)).toEqual(['https://media.example.com/quiet-0.jpg']);
	expect((await poll(ASSET_EVENTS)).events).toEqual([]);
});

test('the workflow stays loaded between polls: n8n saves every change of the cursor, so a restart repeats nothing', async () => {
	// n8n keeps an active workflow loaded and writes its static data to the database only when the static data says
	// it changed; objects the trigger adds after loading are not watched, so the trigger must say so itself.
	const loaded =
		(session: string, from: IDataObject = {}) =>
		async () => {
			const result = await bed.harness.runPoll({
				type: TYPES.trigger,
				parameters: ASSET_EVENTS,
				staticData: from,
				session,
			});
			return { events: (result.items?.[0] ?? []).map((item) => item.json), saved: result.saved as IDataObject };
		};
	const main = loaded('before-restart');
	await main();
	await ingest(images('loaded', 2));
	step(3);
	expect((await main()).events).toHaveLength(2);
	await ingest(images('loaded-later', 1));
	step(3);
	const last = await main();
	expect(last.events).toHaveLength(1);

	const restarted = loaded('after-restart', last.saved);
	expect((await restarted()).events).toEqual([]);
	await ingest(images('loaded-after', 1));
	step(3);
	expect((await restarted()).events.map((e) => e.source_path)).toEqual([
		'https://media.example.com/loaded-after-0.jpg',
	]);
});

test('deactivate and reactivate: what happened meanwhile is emitted once; changing what is watched starts afresh', async () => {
	await poll(JOB_EVENTS);
	const whileOff = await ingest(images('off', 1));
	step(3);
	const back = await poll(JOB_EVENTS);
	expect(keys(back.events)).toEqual([`jobCompleted+jobCreated+jobStatusChanged:${whileOff}`]);
	const changed = await poll({ ...JOB_EVENTS, events: ['jobCompleted'] });
	expect(changed.events).toEqual([]);
});

test('a failed job and an erroring asset carry their error details', async () => {
	await poll({ events: ['jobFailed', 'assetFailed'], datasetId: dataset });
	const jobId = await ingest(['https://media.example.com/broken-1.jpg', 'https://media.example.com/404/two.jpg']);
	step(3);
	const { events } = await poll({ events: ['jobFailed', 'assetFailed'], datasetId: dataset });
	const failedJob = events.find((e) => e.event === 'jobFailed');
	expect(failedJob?.id).toBe(jobId);
	expect(String(failedJob?.error_details)).toMatch(/broken_url/);
	const failedAssets = events.filter((e) => e.event === 'assetFailed');
	expect(failedAssets).toHaveLength(2);
	for (const event of failedAssets) expect(event).toMatchObject({ status: 'error', error_code: 'broken_url' });
});

test('job status filter and watching every dataset', async () => {
	const all = { events: ['jobCompleted', 'jobCreated', 'assetCompleted'], jobStatuses: ['completed'] };
	await poll(all);
	const good = await ingest(images('mixed', 1), SEED_DATASET_IDS.demoMixed);
	await ingest(['https://media.example.com/broken.jpg'], SEED_DATASET_IDS.demoVideos); // fails: filtered out
	step(3);
	const { events } = await poll(all);
	expect(keys(events).sort()).toEqual(
		[`jobCompleted+jobCreated:${good}`, expect.stringMatching(/^assetCompleted:/)].sort(),
	);
	expect(events.every((e) => e.dataset_id === SEED_DATASET_IDS.demoMixed)).toBe(true);
});

test('Fetch Test Event returns real recent events without moving the cursor', async () => {
	await poll(JOB_EVENTS);
	const saved = JSON.stringify(staticData);
	const jobId = await ingest(images('sample', 1));
	step(3);
	const manual = await poll(JOB_EVENTS, 'manual');
	expect(manual.events).toHaveLength(1);
	expect(manual.events[0]).toMatchObject({
		event: 'jobCompleted',
		events: ['jobCompleted', 'jobCreated', 'jobStatusChanged'],
		id: jobId,
	});
	expect(JSON.stringify(staticData)).toBe(saved);
	const real = await poll(JOB_EVENTS);
	expect(keys(real.events)).toContain(`jobCompleted+jobCreated+jobStatusChanged:${jobId}`);
});

test('Fetch Test Event finds an older real match behind newer records; with none, a marked sample of the event', async () => {
	const failed = await ingest(['https://media.example.com/broken-sample.jpg']);
	step(3);
	for (let i = 0; i < 25; i++) await ingest(images(`ok-${i}`, 1)); // newer, and more than the first page it reads
	step(3);
	const onFailure = await poll({ events: ['jobFailed'], datasetId: dataset }, 'manual');
	expect(onFailure.events).toHaveLength(1);
	expect(onFailure.events[0]).toMatchObject({ event: 'jobFailed', status: 'failed', id: failed });
	expect(onFailure.events[0].sample).toBeUndefined();
	// No stopped job anywhere: never a completed job under "jobStopped", but a sample that says it is one.
	const onStop = await poll({ events: ['jobStopped'], datasetId: dataset }, 'manual');
	expect(onStop.events).toHaveLength(1);
	expect(onStop.events[0]).toMatchObject({ event: 'jobStopped', status: 'stopped', sample: true });
	const onAssets = await poll({ events: ['assetFailed'] }, 'manual'); // every dataset
	expect(onAssets.events).toHaveLength(1);
	expect(onAssets.events[0]).toMatchObject({ event: 'assetFailed', status: 'error', dataset_id: DATASET });
	expect(onAssets.events[0].sample).toBeUndefined();
	// The asset's own fields at the top level, as Ingestion outputs them.
	expect(Object.keys(onAssets.events[0])).toEqual(
		expect.arrayContaining(['event', 'events', 'event_time', 'previous_status', 'asset_id', 'source_path']),
	);
});

test('Fetch Test Event on an account with nothing yet gives a realistic built example', async () => {
	const empty = await send(bed.sandbox.url, 'POST', '/api/v1/datasets', {
		token,
		json: { name: 'empty_one', encoder_name: 'resnet-50' },
	});
	const id = (empty.body as { id: string }).id;
	const { events } = await poll({ events: ['assetFailed'], datasetId: byId(id) }, 'manual');
	expect(events).toHaveLength(1);
	expect(events[0]).toMatchObject({ event: 'assetFailed', status: 'error', error_code: 'broken_url', sample: true });
	expect(Object.keys(events[0]).slice(0, 4)).toEqual(['event', 'events', 'event_time', 'previous_status']);
});

test('the panel says what an empty Dataset does, and that each change is one item listing its events', () => {
	const { properties } = new MediaAnalysisIngestionTrigger().description;
	const field = (name: string) => properties.find((property) => property.name === name);
	expect(field('datasetId')?.description).toMatch(
		/Leave empty to poll every dataset: each poll then also reads the list of datasets/,
	);
	expect(field('datasetId')?.modes?.map((mode) => mode.name)).toEqual(['list', 'id', 'name']);
	expect(field('events')?.description).toMatch(/one item whose "events" lists every chosen event it matched/);
	const events = (field('events')?.options ?? []) as Array<{ value: string }>;
	expect(events.map((option) => option.value)).toEqual(
		expect.arrayContaining(['jobCompleted', 'jobFailed', 'jobStopped', 'assetCompleted', 'assetFailed']),
	);
});

test('Dataset By Name: looked up at each poll (one list request), its events are those of the dataset By ID; an unknown name is refused', async () => {
	const named = { events: ['jobCompleted'], datasetId: byName(SEED_DATASET_NAMES.demoImages) };
	const first = await poll(named);
	expect(first.events).toEqual([]);
	const ours = await ingest(images('by-name', 1));
	await ingest(images('elsewhere', 1), SEED_DATASET_IDS.demoMixed);
	step(3);
	const { events, requests } = await poll(named);
	expect(keys(events)).toEqual([`jobCompleted:${ours}`]);
	expect(events[0].dataset_id).toBe(DATASET);
	// The name went to the service's name filter; then the jobs of that dataset were read.
	const lookups = bed.apiRequests().filter((r) => r.path === '/api/v1/datasets');
	expect(lookups.at(-1)?.query).toMatchObject({ name_pattern: SEED_DATASET_NAMES.demoImages });
	expect(requests).toBe(2);
	// The saved state is that of the dataset's ID: switching to By ID goes on where By Name left off.
	const switched = await poll({ ...named, datasetId: dataset });
	expect(switched.events).toEqual([]);
	await expect(
		bed.harness.runPoll({ type: TYPES.trigger, parameters: { ...named, datasetId: byName('no_such_dataset') } }),
	).rejects.toThrow('Invalid Dataset in item 0: no dataset is named "no_such_dataset"');
});

test('a malformed dataset id is refused before any request', async () => {
	await expect(
		bed.harness.runPoll({ type: TYPES.trigger, parameters: { ...JOB_EVENTS, datasetId: byId('nope') } }),
	).rejects.toThrow(/Invalid Dataset/);
	expect(bed.apiRequests()).toHaveLength(0);
});

test('soak: 1,000 assets completing over many polls give 1,000 events, each exactly once', async () => {
	await poll({ events: ['assetCompleted'], datasetId: dataset });
	const counts = new Map<string, number>();
	let polls = 0;
	for (let round = 0; round < 20; round++) {
		await ingest(images(`soak-${round}`, 50));
		for (let i = 0; i < 2; i++) {
			bed.sandbox.clock.advance(STEP_MS * 0.75);
			polls++;
			for (const event of (await poll({ events: ['assetCompleted'], datasetId: dataset })).events) {
				const id = String(event.asset_id);
				counts.set(id, (counts.get(id) ?? 0) + 1);
			}
		}
	}
	step(5);
	for (let i = 0; i < 3; i++) {
		for (const event of (await poll({ events: ['assetCompleted'], datasetId: dataset })).events) {
			const id = String(event.asset_id);
			counts.set(id, (counts.get(id) ?? 0) + 1);
		}
	}
	expect(polls).toBe(40);
	expect(counts.size).toBe(1000);
	expect([...counts.values()].every((count) => count === 1)).toBe(true);
	// 40 polls of up to 1,000 assets: 10 s on a quiet machine, over 30 s while n8n installs beside the tests. A poll
	// left running past a timeout would hold the trigger's one-poll guard and empty the polls of the tests after it.
}, 120_000);

test('Job Finished: one item for every job that ends, completed or failed; a Job Statuses filter without either is refused', async () => {
	const FINISHED = { events: ['jobFinished'], datasetId: dataset };
	await poll(FINISHED);
	const good = await ingest(images('finished-good', 1));
	const bad = await ingest(['https://media.example.com/broken-finished.jpg']);
	step(3);
	expect(keys((await poll(FINISHED)).events).sort()).toEqual([`jobFinished:${bad}`, `jobFinished:${good}`].sort());
	expect((await poll(FINISHED)).events).toEqual([]);
	// With the specific end events chosen too, each job is still one item, its specific event first.
	const BOTH = { events: ['jobFinished', 'jobCompleted', 'jobFailed'], datasetId: dataset };
	await poll(BOTH);
	const second = await ingest(images('finished-again', 1));
	step(3);
	expect(keys((await poll(BOTH)).events)).toEqual([`jobCompleted+jobFinished:${second}`]);
	await expect(
		bed.harness.runPoll({ type: TYPES.trigger, parameters: { ...FINISHED, jobStatuses: ['stopped'] } }),
	).rejects.toThrow('Job Statuses leaves out "completed" and "failed", so the event jobFinished can never fire');
});

test('a built sample has every field of a real event, down to details.assets, and says it is an example and why', async () => {
	const empty = await send(bed.sandbox.url, 'POST', '/api/v1/datasets', {
		token,
		json: { name: 'nothing_yet', encoder_name: 'resnet-50' },
	});
	const emptyDataset = byId((empty.body as { id: string }).id);
	const fields = (value: unknown): unknown =>
		typeof value === 'object' && value !== null
			? Object.fromEntries(
					Object.entries(value)
						.filter(([key]) => key !== 'sample' && key !== 'sample_reason')
						.map(([key, entry]): [string, unknown] => [key, Array.isArray(entry) ? entry.map(fields) : fields(entry)])
						.sort(([a], [b]) => a.localeCompare(b)),
				)
			: typeof value;
	for (const [event, kind] of [
		['jobCompleted', 'ingestion job'],
		['jobFinished', 'ingestion job'],
		['assetCompleted', 'asset'],
	]) {
		await poll({ events: [event], datasetId: dataset });
		await ingest(images(`real-${event}`, 1));
		step(3);
		const [real] = (await poll({ events: [event], datasetId: dataset })).events;
		const [sample] = (await poll({ events: [event], datasetId: emptyDataset }, 'manual')).events;
		expect(real.sample).toBeUndefined();
		expect(sample).toMatchObject({ event, sample: true });
		expect(sample.sample_reason).toMatch(
			new RegExp(`^An example, not a real ${kind}: none in this dataset matches the chosen events yet\\.`),
		);
		// The same fields, and of the same types where both have a value (null stands for a value not there yet).
		expect(Object.keys(fields(sample) as object)).toEqual(Object.keys(fields(real) as object));
		if (kind === 'ingestion job') {
			expect(fields((sample.details as IDataObject).assets)).toEqual(fields((real.details as IDataObject).assets));
		} else {
			expect(fields(sample.latest_event)).toEqual(fields(real.latest_event));
		}
	}
});

test("a node given an ID from the trigger's example event says so in its not-found error", async () => {
	const [sample] = (await poll({ events: ['jobFailed'], datasetId: dataset }, 'manual')).events;
	expect(sample.sample).toBe(true);
	for (const [parameters, id] of [
		[{ resource: 'job', operation: 'get', jobId: byId('={{ $json.id }}') }, sample.id],
		[{ resource: 'job', operation: 'getStatus', jobId: byId('={{ $json.id }}'), returnAll: true }, sample.id],
	] as const) {
		const { error } = await bed.harness.runNode({
			type: TYPES.ingestion,
			parameters: parameters as unknown as INodeParameters,
			inputItems: [{ id }],
		});
		expect(error?.message).toMatch(/not found/i);
		expect(error?.description).toMatch(/from the Ingestion Trigger's example event \(sample: true\)/);
	}
	// A real ID that is not there says nothing of examples.
	const { error } = await bed.harness.runNode({
		type: TYPES.ingestion,
		parameters: { resource: 'job', operation: 'get', jobId: byId('65f1a2b3c4d5e6f708192a3b') },
	});
	expect(error?.description).not.toMatch(/example event/);
});
