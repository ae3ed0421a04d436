/* Dev-only: the Video Insights node through n8n's engine against the sandbox over real HTTP. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { assetsOf, type AssetRecord } from '../../sandbox/assets/model';
import { slicesOf } from '../../sandbox/search/engine';
import { SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../sandbox/server';
import { descriptionOf, predictionsOf, summaryOf, synopsisOf } from '../../sandbox/video-insights/narrative';
import { CAPTIONING_NOTE } from '../../nodes/MediaAnalysisVideoInsights/actions/video/captionKeyframes.operation';
import { MediaAnalysisVideoInsights } from '../../nodes/MediaAnalysisVideoInsights/MediaAnalysisVideoInsights.node';
import { TYPES, useTestBed } from './setup';
import { byId, byName } from '../support/locators';

const bed = useTestBed();
const type = TYPES.videoInsights;
const VIDEOS = SEED_DATASET_IDS.demoVideos;
const UNKNOWN = '0f0e0d0c-0b0a-4908-8706-050403020100';
const NARRATIVE = '/api/v0/video-narrative-metadata';

/** The seeded videos of demo_videos: beach-000 (60 s), city-001 (75 s), forest-002, mountain-003, kitchen-004, stadium-005. */
const videos = (): AssetRecord[] => assetsOf(bed.sandbox.store.assets, VIDEOS);
const video = (topic: string) => videos().find((candidate) => candidate.path.includes(`/${topic}-`))!;

const run = (
	resource: string,
	operation: string,
	parameters: IDataObject = {},
	inputItems?: IDataObject[],
	continueOnFail = false,
) =>
	bed.harness.runNode({
		type,
		parameters: { resource, operation, datasetId: byId(VIDEOS), ...parameters } as INodeParameters,
		inputItems,
		continueOnFail,
	});

describe('Video: generate and predict', () => {
	test('Generate Summary: the summary the service wrote, with the video named; without a context, video_context is null', async () => {
		const beach = video('beach');
		const { items, error } = await run('video', 'generateSummary', { videoId: byId(beach.id) });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{
				dataset_id: VIDEOS,
				video_id: beach.id,
				summary: 'A 60-second beach video: a sunny beach, opening with "the waves are rolling onto the sand".',
			},
		]);
		const [sent] = bed.apiRequests();
		expect(sent).toMatchObject({
			method: 'POST',
			path: `${NARRATIVE}/datasets/${VIDEOS}/videos/${beach.id}/summary`,
			status: 200,
			body: { video_context: null },
		});
	});

	test.each([
		['generateDescription', 'description', (target: Parameters<typeof descriptionOf>[0]) => descriptionOf(target)],
		['generateSynopsis', 'synopsis', (target: Parameters<typeof synopsisOf>[0]) => synopsisOf(target)],
	])('%s: the %s, with the video context sent as video_context', async (operation, field, expected) => {
		const kitchen = video('kitchen');
		const context = 'Episode 3 of a cooking series';
		const { items, error } = await run('video', operation, {
			videoId: byId(kitchen.id),
			videoContext: `  ${context} `,
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			dataset_id: VIDEOS,
			video_id: kitchen.id,
			[field]: expected({ video: kitchen, context }),
		});
		expect(String(items[0].json[field])).toContain(`Context: ${context}.`);
		expect(bed.apiRequests()[0].body).toEqual({ video_context: context });
	});

	test('the synopsis of a seeded video, word for word', async () => {
		const { items } = await run('video', 'generateSynopsis', { videoId: byId(video('beach').id) });
		expect(items[0].json.synopsis).toBe(
			'It opens with "the waves are rolling onto the sand" and ends with "sunscreen and towels by the water, thank you for your time".',
		);
	});

	test.each([
		['predictGenres', 'genres', 'genre', ['cooking']],
		['predictMoods', 'moods', 'mood', ['cheerful']],
		['predictSubjects', 'subjects', 'subject', ['food', 'cooking']],
		['predictFormats', 'formats', 'format', ['tutorial', 'mid-form']],
	] as const)('%s: the %s list of the video', async (operation, field, kind, builtIn) => {
		const kitchen = video('kitchen');
		const { items, error } = await run('video', operation, { videoId: byId(kitchen.id) });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ dataset_id: VIDEOS, video_id: kitchen.id, [field]: builtIn });
		expect(predictionsOf({ video: kitchen }, kind, [])).toEqual(builtIn);
		expect(bed.apiRequests()[0].path).toBe(`${NARRATIVE}/datasets/${VIDEOS}/videos/${kitchen.id}/${kind}`);
	});

	test('a dataset By Name is looked up once for every item; items run side by side and come out in input order, paired', async () => {
		const chosen = videos().slice(0, 4);
		const { items, error } = await run(
			'video',
			'predictGenres',
			{ datasetId: byName(SEED_DATASET_NAMES.demoVideos), videoId: byId('={{ $json.id }}') },
			chosen.map((asset) => ({ id: asset.id })),
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.video_id, item.pairedItem])).toEqual(
			chosen.map((asset, index) => [asset.id, { item: index }]),
		);
		expect(items.map((item) => item.json.genres)).toEqual(
			chosen.map((asset) => predictionsOf({ video: asset }, 'genre', [])),
		);
		expect(bed.apiRequests().filter((request) => request.path === '/api/v1/datasets')).toHaveLength(1);
	});

	test('Include Input Fields: a chain keeps what the nodes before added (summary, then genres)', async () => {
		const beach = video('beach');
		const { items } = await run(
			'video',
			'predictGenres',
			{ videoId: byId('={{ $json.video_id }}'), includeInputFields: true },
			[{ video_id: beach.id, summary: 'earlier', genres: ['overwritten'] }],
		);
		expect(items[0].json).toEqual({ video_id: beach.id, summary: 'earlier', dataset_id: VIDEOS, genres: ['travel'] });
	});

	test('the vocabulary steers predictions: a matching term comes first, one that matches nothing is not named', async () => {
		const kitchen = video('kitchen');
		const create = (termType: string, name: string, examples: string[]) =>
			run('term', 'create', { termType, name, description: `${name} videos`, examples });
		await create('genre', 'Cooking Show', ['recipe', 'kitchen']);
		await create('genre', 'Motorsport', ['race car']);
		await create('mood', 'Cosy', ['onions simmering']);
		const genres = await run('video', 'predictGenres', { videoId: byId(kitchen.id) });
		expect(genres.items[0].json.genres).toEqual(['Cooking Show', 'cooking']);
		// What is spoken counts: "onions" is said in the video ("simmering" is not, one word in common is enough).
		const moods = await run('video', 'predictMoods', { videoId: byId(kitchen.id) });
		expect(moods.items[0].json.moods).toEqual(['Cosy', 'cheerful']);
		// And so does the context.
		const withContext = await run('video', 'predictGenres', {
			videoId: byId(video('beach').id),
			videoContext: 'a race car on the sand',
		});
		expect(withContext.items[0].json.genres).toEqual(['Motorsport', 'travel']);
	});
});

describe('Composite slice', () => {
	const slice = (asset: AssetRecord, compositeType: string, index: number) => slicesOf(asset, compositeType)[index];

	test('Generate Summary of a shot: the slice named (dataset, video, slice); the context sent as composite_slice_context', async () => {
		const stadium = video('stadium');
		const shot = slice(stadium, 'shot', 3);
		const { items, error } = await run('compositeSlice', 'generateSummary', {
			videoId: byId(stadium.id),
			compositeSliceId: byId(shot.id),
			sliceContext: 'the second goal',
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			dataset_id: VIDEOS,
			video_id: stadium.id,
			composite_slice_id: shot.id,
			summary:
				'Shot 4 of stadium-005.mp4 (30-40 s): a full stadium, opening with "fans fill every seat tonight". Context: the second goal.',
		});
		expect(items[0].json.summary).toBe(summaryOf({ video: stadium, slice: shot, context: 'the second goal' }));
		const [sent] = bed.apiRequests();
		expect(sent).toMatchObject({
			method: 'POST',
			path: `${NARRATIVE}/datasets/${VIDEOS}/videos/${stadium.id}/composite-slices/${shot.id}/summary`,
			body: { composite_slice_context: 'the second goal' },
		});
	});

	test.each([
		['predictMoods', 'moods', 'mood'],
		['predictSubjects', 'subjects', 'subject'],
		['predictFormats', 'formats', 'format'],
	] as const)('%s of a scene: the %s list', async (operation, field, kind) => {
		const stadium = video('stadium');
		const scene = slice(stadium, 'scene', 1);
		const { items, error } = await run('compositeSlice', operation, {
			videoId: byId(stadium.id),
			compositeSliceId: byId(scene.id),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			dataset_id: VIDEOS,
			video_id: stadium.id,
			composite_slice_id: scene.id,
			[field]: predictionsOf({ video: stadium, slice: scene }, kind, []),
		});
		expect(bed.apiRequests()[0].path).toMatch(new RegExp(`/composite-slices/${scene.id}/${kind}$`));
	});

	test('a slice of another video: a clear error naming the slice and the video', async () => {
		const [first, second] = videos();
		const { error } = await run('compositeSlice', 'predictMoods', {
			videoId: byId(first.id),
			compositeSliceId: byId(slice(second, 'shot', 0).id),
		});
		expect(error?.message).toBe(`Composite slice ${slice(second, 'shot', 0).id} not found in video ${first.id}`);
		expect(error?.description).toMatch(/From List/);
	});
});

describe('Video: Caption Keyframes', () => {
	test('202: the service started captioning; the item says so, names the video and that there is no status to follow', async () => {
		const city = video('city');
		const { items, error } = await run('video', 'captionKeyframes', { videoId: byId(city.id) });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			dataset_id: VIDEOS,
			video_id: city.id,
			accepted: true,
			message: `Captioning of 8 keyframes of video ${city.id} started`,
			note: CAPTIONING_NOTE,
		});
		expect(bed.apiRequests()[0]).toMatchObject({
			path: `/api/v0/video-summarization/datasets/${VIDEOS}/videos/${city.id}/caption-keyframes`,
			status: 202,
		});
		expect(bed.sandbox.store.videoInsights.captionRequests.map((request) => request.videoId)).toEqual([city.id]);
	});
});

describe('Vocabulary Term', () => {
	const create = (parameters: IDataObject) =>
		run('term', 'create', {
			termType: 'genre',
			name: 'Cooking Show',
			description: 'A host cooks a dish',
			examples: ['recipe', ' ', 'kitchen'],
			...parameters,
		});

	test('Create: the term with its ID, examples without empty entries', async () => {
		const { items, error } = await create({});
		expect(error).toBeUndefined();
		const [term] = bed.sandbox.store.videoInsights.vocabulary;
		expect(items[0].json).toEqual({
			id: term.id,
			metadata_type: 'genre',
			name: 'Cooking Show',
			description: 'A host cooks a dish',
			examples: ['recipe', 'kitchen'],
		});
		expect(bed.apiRequests()[0]).toMatchObject({
			method: 'POST',
			path: `${NARRATIVE}/metadata`,
			body: {
				metadata_type: 'genre',
				name: 'Cooking Show',
				description: 'A host cooks a dish',
				examples: ['recipe', 'kitchen'],
			},
		});
	});

	test('Create: examples as a list or as lines from an expression', async () => {
		await create({ examples: '={{ ["a", "b"] }}' });
		await create({ name: 'Other', examples: '={{ "one\\ntwo" }}' });
		expect(bed.sandbox.store.videoInsights.vocabulary.map((term) => term.examples)).toEqual([
			['a', 'b'],
			['one', 'two'],
		]);
	});

	test('Create: a name the type already has is a clear error', async () => {
		await create({});
		const { error } = await create({ name: 'cooking show' });
		expect(error?.message).toBe('The name is taken: A genre named "Cooking Show" already exists');
		expect(error?.description).toMatch(/unique within its type/);
	});

	test('Get Many: the terms of one type, Limit or Return All', async () => {
		for (const name of ['A', 'B', 'C']) await create({ name });
		await create({ termType: 'mood', name: 'Calm' });
		const limited = await run('term', 'getMany', { termType: 'genre', returnAll: false, limit: 2 });
		expect(limited.items.map((item) => item.json.name)).toEqual(['A', 'B']);
		const all = await run('term', 'getMany', { termType: 'genre', returnAll: true });
		expect(all.items.map((item) => item.json.name)).toEqual(['A', 'B', 'C']);
		expect(bed.apiRequests().at(-1)).toMatchObject({
			method: 'GET',
			path: `${NARRATIVE}/metadata`,
			query: { metadata_type: 'genre' },
		});
	});

	test('Update: only the fields added are sent; the output is the term as it is now', async () => {
		await create({});
		const [term] = bed.sandbox.store.videoInsights.vocabulary;
		const { items, error } = await run('term', 'update', {
			termId: byId(term.id),
			updateFields: { examples: ['stove'], name: 'Home Cooking' },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ ...term, name: 'Home Cooking', examples: ['stove'] });
		expect(bed.apiRequests().at(-1)).toMatchObject({
			method: 'PATCH',
			path: `${NARRATIVE}/metadata/${term.id}`,
			body: { name: 'Home Cooking', examples: ['stove'] },
		});
	});

	test('Update and Delete of a term that does not exist: the error names it', async () => {
		for (const [operation, parameters] of [
			['update', { updateFields: { name: 'X' } }],
			['delete', {}],
		] as const) {
			const { error } = await run('term', operation, { termId: byId(UNKNOWN), ...parameters });
			expect(error?.message).toBe(`Vocabulary term ${UNKNOWN} not found`);
		}
	});

	test('Delete: {deleted: true, id}, and predictions no longer name it', async () => {
		await create({});
		const [term] = bed.sandbox.store.videoInsights.vocabulary;
		const { items, error } = await run('term', 'delete', { termId: byId(term.id) });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ deleted: true, id: term.id, response: { id: term.id, deleted: true } });
		const genres = await run('video', 'predictGenres', { videoId: byId(video('kitchen').id) });
		expect(genres.items[0].json.genres).toEqual(['cooking']);
	});
});

describe('as an AI tool (Media Analysis Video Insights Tool)', () => {
	test('Get Many returns 10 terms by default (50 in a workflow); each operation has its Tool Description', async () => {
		for (let index = 0; index < 12; index++)
			await run('term', 'create', { termType: 'subject', name: `Subject ${index}`, description: 'd', examples: [] });
		const tool = await bed.harness.runNode({
			type: `${type}Tool`,
			parameters: { resource: 'term', operation: 'getMany', termType: 'subject' },
		});
		expect(tool.items).toHaveLength(10);
		const workflow = await run('term', 'getMany', { termType: 'subject' });
		expect(workflow.items).toHaveLength(12);
		const summary = await bed.harness.runNode({
			type: `${type}Tool`,
			parameters: {
				resource: 'video',
				operation: 'generateSummary',
				datasetId: byId(VIDEOS),
				videoId: byId(video('beach').id),
			},
		});
		expect(summary.items[0].json.summary).toMatch(/^A 60-second beach video/);
		const described = new MediaAnalysisVideoInsights().description.properties.filter(
			(property) => property.name === 'toolDescription',
		);
		expect(described.map((property) => property.displayOptions?.show?.operation?.[0])).toHaveLength(16);
		expect(described.every((property) => /Returns /.test(String(property.default)))).toBe(true);
	});
});

describe('errors', () => {
	test("a video the dataset does not hold (an image ID, another dataset's video): the error names video and dataset", async () => {
		const image = assetsOf(bed.sandbox.store.assets, SEED_DATASET_IDS.demoImages)[0];
		const { error } = await run('video', 'generateSummary', { videoId: byId(image.id) });
		expect(error?.message).toBe(`Video ${image.id} not found in dataset ${VIDEOS}`);
		expect(error?.description).toMatch(/finished ingestion/);
	});

	test('a dataset that does not exist', async () => {
		const { error } = await run('video', 'predictMoods', {
			datasetId: byId(UNKNOWN),
			videoId: byId(video('beach').id),
		});
		expect(error?.message).toBe(`Dataset ${UNKNOWN} not found`);
	});

	test('Continue On Fail: the failing item becomes an error item, the others go on, paired', async () => {
		const { items, error } = await run(
			'video',
			'generateSummary',
			{ videoId: byId('={{ $json.id }}') },
			[{ id: video('beach').id }, { id: UNKNOWN }, { id: video('city').id }],
			true,
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => [Boolean(item.json.summary), item.json.error ?? null, item.pairedItem])).toEqual([
			[true, null, { item: 0 }],
			[false, `Video ${UNKNOWN} not found in dataset ${VIDEOS}`, { item: 1 }],
			[true, null, { item: 2 }],
		]);
	});
});

describe('From List', () => {
	test('composite slices: the shots, scenes and segments of the chosen video, each once, in time order', async () => {
		const beach = video('beach');
		const result = await bed.harness.runListSearch({
			type,
			method: 'searchCompositeSlices',
			parameters: {
				resource: 'compositeSlice',
				operation: 'generateSummary',
				datasetId: byId(VIDEOS),
				videoId: byId(beach.id),
			},
		});
		const shots = slicesOf(beach, 'shot');
		const scenes = slicesOf(beach, 'scene');
		// The sandbox's scenes and segments are the same 30-second slices: listed once, as scenes.
		expect(result.results.map((entry) => entry.value)).toEqual([...shots, ...scenes].map((entry) => entry.id));
		expect(result.results[0].name).toBe('Shot 1 (0:00-0:10)');
		expect(result.results.at(-1)?.name).toBe('Scene 2 (0:30-1:00)');
	});

	test('composite slices before a video is chosen: a clear error', async () => {
		await expect(
			bed.harness.runListSearch({
				type,
				method: 'searchCompositeSlices',
				parameters: {
					resource: 'compositeSlice',
					operation: 'generateSummary',
					datasetId: byId(VIDEOS),
					videoId: byId(''),
				},
			}),
		).rejects.toThrow('Choose the video first');
	});

	test('terms: every type, matched by the words typed', async () => {
		await run('term', 'create', { termType: 'genre', name: 'Cooking Show', description: 'd', examples: [] });
		await run('term', 'create', { termType: 'format', name: 'Cooking Class', description: 'd', examples: [] });
		await run('term', 'create', { termType: 'mood', name: 'Tense', description: 'd', examples: [] });
		const result = await bed.harness.runListSearch({
			type,
			method: 'searchTerms',
			filter: 'cook',
			parameters: { resource: 'term', operation: 'delete' },
		});
		expect(result.results.map((entry) => entry.name)).toEqual(['Cooking Show (genre)', 'Cooking Class (format)']);
	});

	test("videos of the chosen dataset (the search nodes' list)", async () => {
		const result = await bed.harness.runListSearch({
			type,
			method: 'searchVideos',
			filter: 'kitchen',
			parameters: { resource: 'video', operation: 'generateSummary', datasetId: byId(VIDEOS) },
		});
		expect(result.results[0]).toMatchObject({ value: video('kitchen').id });
	});
});
