/* Dev-only: the Search node's modes of issue 27 (sound, by person, hybrid, celebrity matches, filtered runs) through n8n's engine against the sandbox. */
import { HYBRID_REFUSED } from '../../sandbox/routes/searchModes';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { TYPES, useTestBed } from './setup';
import { byId, byName } from '../support/locators';

const bed = useTestBed();
const type = TYPES.search;
const IMAGES = SEED_DATASET_IDS.demoImages;
const VIDEOS = SEED_DATASET_IDS.demoVideos;
const uploads = (count: number) =>
	Array.from({ length: count }, (_, i) => `upl_${String(i).padStart(3, '0')}`).join(', ');

const run = (resource: string, parameters: Record<string, unknown>, continueOnFail = false) =>
	bed.harness.runNode({ type, parameters: { resource, ...parameters }, continueOnFail });

describe('Sound: Search', () => {
	test('Music in the videos: one item per moment, best first, naming the sound and its video', async () => {
		const { items, error } = await run('sound', {
			operation: 'search',
			datasetId: byId(VIDEOS),
			audioClass: byName('music'),
			limit: 5,
		});
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		expect(items[0].json).toMatchObject({ audio_class: 'Music', video: { coactive_video_id: expect.any(String) } });
		const scores = items.map((item) => Number(item.json.score));
		expect([...scores].sort((a, b) => b - a)).toEqual(scores);
		expect(bed.apiRequests()[0]).toMatchObject({
			path: '/api/v1/search/audio-sound',
			body: { dataset_id: VIDEOS, audio_class: 'Music', offset: 0, limit: 5 },
		});
	});

	test('a sound that is not a class fails before sending, suggesting near ones', async () => {
		const { error } = await run('sound', {
			operation: 'search',
			datasetId: byId(VIDEOS),
			audioClass: byName('barking'),
		});
		expect(error?.message).toMatch(/Invalid Sound in item 0: "barking" is not one of the service's sound classes/);
		expect(bed.apiRequests()).toHaveLength(0);
	});
});

describe('Image: Search by Person', () => {
	test('images showing an enrolled person named by alias; each item names the person asked for', async () => {
		const { items, error } = await run('image', {
			operation: 'searchByPerson',
			datasetId: byId(IMAGES),
			textQuery: 'beach',
			person: byName('Kai'),
			assetType: 'image',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		for (const item of items)
			expect(item.json).toMatchObject({ asset_type: 'image', dataset_id: IMAGES, person: 'Kai' });
		expect(bed.apiRequests()[0].body).toMatchObject({
			person_names_or_aliases: ['Kai'],
			asset_type: 'image',
			text_query: 'beach',
		});
	});

	test('keyframes of videos by person ID', async () => {
		const person = [...bed.sandbox.store.celebrity.persons.values()][0];
		const { items, error } = await run('image', {
			operation: 'searchByPerson',
			datasetId: byId(VIDEOS),
			textQuery: 'crowd',
			person: byId(person.id),
			limit: 3,
		});
		expect(error).toBeUndefined();
		for (const item of items)
			expect(item.json).toMatchObject({ asset_type: 'keyframe', video_id: expect.any(String), person: person.id });
	});
});

describe('Image: Hybrid Search (beta)', () => {
	test('with access: images by content and metadata, with relevance_score', async () => {
		const { items, error } = await run('image', {
			operation: 'hybridSearch',
			datasetId: byId(IMAGES),
			textQuery: 'beach',
			limit: 3,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items[0].json).toMatchObject({ coactive_image_id: expect.any(String), relevance_score: expect.any(Number) });
		expect(bed.apiRequests()[0]).toMatchObject({
			path: '/api/v1/search/text-to-hybrid-search',
			body: { dataset_id: IMAGES, text_query: 'beach', limit: 3 },
		});
	});

	test('without access: a clear error that says it needs special access and how to ask for it', async () => {
		bed.sandbox.store.search.hybridAccess = false;
		const { error } = await run('image', {
			operation: 'hybridSearch',
			datasetId: byId(IMAGES),
			textQuery: 'beach',
			limit: 3,
		});
		expect(error?.message).toBe('Hybrid search is not enabled for your organization');
		expect((error as { description?: string }).description).toMatch(
			/special access: ask the Media Analysis support team/,
		);
		expect(JSON.stringify(error)).toContain(HYBRID_REFUSED);
	});
});

describe('Keyframe: Find Celebrity Matches', () => {
	test('15 upload IDs: keyframes matching, best first', async () => {
		const { items, error } = await run('keyframe', {
			operation: 'findCelebrityMatches',
			datasetId: byId(VIDEOS),
			uploadIds: uploads(15),
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		expect(items[0].json).toMatchObject({
			keyframe_id: expect.any(String),
			video_id: expect.any(String),
			dataset_id: VIDEOS,
		});
		expect((bed.apiRequests()[0].body as { upload_ids: string[] }).upload_ids).toHaveLength(15);
	});

	test.each([14, 101])('%i upload IDs fail before sending, naming the parameter and the item', async (count) => {
		const { error } = await run('keyframe', {
			operation: 'findCelebrityMatches',
			datasetId: byId(VIDEOS),
			uploadIds: uploads(count),
		});
		expect(error?.message).toBe(`Invalid Upload IDs in item 0: ${count} upload IDs given; the service takes 15 to 100`);
		expect(bed.apiRequests()).toHaveLength(0);
	});
});

describe('Filtered Search', () => {
	beforeEach(() => {
		bed.sandbox.store.search.timings = { pendingMs: 20, runningMs: 40 };
	});

	test('Start without waiting answers the run; Get Status follows it to TERMINATED; Get Result reads it with a Limit', async () => {
		bed.sandbox.clock.freeze(); // the run stays pending until the test moves the clock, however slow the machine
		const started = await run('filteredSearch', {
			operation: 'start',
			datasetId: byId(IMAGES),
			searchIn: 'image',
			textQuery: 'beach',
			filters: { filter: [{ key: 'topic', op: 'equals', value: 'beach' }] },
		});
		expect(started.error).toBeUndefined();
		const runId = started.items[0].json.run_id as number;
		expect(started.items[0].json).toEqual({ run_id: runId, dataset_id: IMAGES, search_in: 'image' });
		expect(bed.apiRequests()[0].body).toMatchObject({
			metadata_filters: [{ key: 'topic', op: '=', value: 'beach' }],
			text_query: 'beach',
			limit: 40,
		});

		const pending = await run('filteredSearch', {
			operation: 'getStatus',
			datasetId: byId(IMAGES),
			runId: String(runId),
		});
		expect(pending.items[0].json).toMatchObject({ run_id: runId, dataset_id: IMAGES, finished: false });
		const early = await run('filteredSearch', {
			operation: 'getResult',
			datasetId: byId(IMAGES),
			runId: String(runId),
			returnAll: true,
		});
		expect(early.error?.message).toMatch(
			new RegExp(`Filtered search run ${runId} has no results \\(status: (PENDING|RUNNING)\\)`),
		);

		bed.sandbox.clock.advance(1000);
		const done = await run('filteredSearch', { operation: 'getStatus', datasetId: byId(IMAGES), runId: String(runId) });
		expect(done.items[0].json).toMatchObject({
			state: 'TERMINATED',
			termination_type: 'SUCCESS',
			finished: true,
			succeeded: true,
		});
		const results = await run('filteredSearch', {
			operation: 'getResult',
			datasetId: byId(IMAGES),
			runId: String(runId),
			limit: 2,
		});
		expect(results.items).toHaveLength(2);
		for (const item of results.items)
			expect(item.json).toMatchObject({ run_id: runId, search_target: 'image', metadata: { topic: 'beach' } });
	});

	test('Start with Wait for Completion outputs the results; a sound run as well', async () => {
		const { items, error } = await run('filteredSearch', {
			operation: 'start',
			datasetId: byId(VIDEOS),
			searchIn: 'sound',
			audioClass: byId('Speech'),
			waitForCompletion: true,
			pollInterval: 0.1,
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		expect(items[0].json).toMatchObject({
			run_id: expect.any(Number),
			search_target: 'sound',
			video: { coactive_video_id: expect.any(String) },
		});
		expect(bed.apiRequests().map((r) => r.path)).toEqual(
			expect.arrayContaining([expect.stringMatching(/job\/status\//), expect.stringMatching(/job\/result\//)]),
		);
	});

	test('a filter on a field the assets lack: the run fails and waiting says why', async () => {
		const { error } = await run('filteredSearch', {
			operation: 'start',
			datasetId: byId(VIDEOS),
			searchIn: 'video',
			textQuery: 'goal',
			filters: { filter: [{ key: 'nope', value: 'x' }] },
			waitForCompletion: true,
			pollInterval: 0.1,
		});
		expect(error?.message).toMatch(
			/Filtered search run \d+ failed: CLIENT_ERROR: Metadata field 'nope' does not exist/,
		);
	});

	test('a run ID that is not a whole number fails before sending', async () => {
		const { error } = await run('filteredSearch', {
			operation: 'getStatus',
			datasetId: byId(IMAGES),
			runId: '={{ "12a" }}',
		});
		expect(error?.message).toMatch(/Invalid Run ID in item 0/);
		expect(bed.apiRequests()).toHaveLength(0);
	});
});
