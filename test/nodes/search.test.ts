/* Dev-only: the Search node (images, keyframes, videos, transcripts) through n8n's engine against the sandbox. */
import type { IDataObject } from 'n8n-workflow';
import { stableUuid, type AssetRecord } from '../../sandbox/assets/model';
import { keyframesOf } from '../../sandbox/search/media';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { TYPES, useTestBed } from './setup';
import { byId, byName, byUrl, fromList } from '../support/locators';

const bed = useTestBed();
const type = TYPES.search;
const IMAGES = SEED_DATASET_IDS.demoImages;
const VIDEOS = SEED_DATASET_IDS.demoVideos;

const run = (
	resource: string,
	parameters: Record<string, unknown>,
	inputItems?: IDataObject[],
	continueOnFail = false,
) => bed.harness.runNode({ type, parameters: { resource, ...parameters }, inputItems, continueOnFail });

const assetsOf = (datasetId: string) => [...bed.sandbox.store.assets.values()].filter((a) => a.datasetId === datasetId);
const asset = (datasetId: string, topic: string) =>
	assetsOf(datasetId).find((a) => a.metadata.topic === topic) as AssetRecord;
const httpCode = (error: unknown) => (error as { httpCode?: string }).httpCode;

/** Puts more ready assets into a dataset (what ingestion would do), so result lists span several pages. */
function addAssets(datasetId: string, kind: 'image' | 'video', count: number) {
	const template = assetsOf(datasetId).find((a) => a.kind === kind) ?? assetsOf(IMAGES)[0];
	for (let i = 0; i < count; i++) {
		const path = `s3://demo-bucket/extra/${kind}-${String(i).padStart(4, '0')}.${kind === 'image' ? 'jpg' : 'mp4'}`;
		const id = stableUuid(`${datasetId}:${path}`);
		bed.sandbox.store.assets.set(id, {
			...template,
			id,
			datasetId,
			kind,
			path,
			metadata: { topic: 'office', index: 1000 + i },
			durationSeconds: kind === 'video' ? 20 : null,
		});
	}
}

// The removed endpoints must never be called, whatever the test does.
afterEach(() => {
	const removed = bed
		.apiRequests()
		.filter((r) => r.method === 'GET' && ['/api/v1/search', '/api/v1/search/similar-images'].includes(r.path));
	expect(removed).toEqual([]);
});

describe('Image: Search by Text', () => {
	test('"beach" ranks the beach images first; the body carries dataset, query, offset and limit', async () => {
		const { items, error } = await run('image', {
			operation: 'searchByText',
			datasetId: fromList(IMAGES),
			textQuery: 'beach',
			limit: 5,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(5);
		expect(items.slice(0, 3).map((i) => String(i.json.path))).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/beach-000/),
				expect.stringMatching(/beach-008/),
				expect.stringMatching(/beach-016/),
			]),
		);
		expect(String(items[3].json.path)).not.toMatch(/beach/);
		expect(bed.apiRequests()).toHaveLength(1);
		expect(bed.apiRequests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/v1/search/text-to-image',
			body: { dataset_id: IMAGES, text_query: 'beach', offset: 0, limit: 5 },
		});
	});

	test('the same search gives the same order every time', async () => {
		const first = await run('image', {
			operation: 'searchByText',
			datasetId: byId(IMAGES),
			textQuery: 'quiet forest trail',
			returnAll: true,
		});
		const second = await run('image', {
			operation: 'searchByText',
			datasetId: byId(IMAGES),
			textQuery: 'quiet forest trail',
			returnAll: true,
		});
		expect(first.items.map((i) => i.json.coactive_image_id)).toEqual(second.items.map((i) => i.json.coactive_image_id));
		expect(String(first.items[0].json.path)).toMatch(/forest/);
	});

	test('Return All walks the pages of the search body (offset/limit in JSON, no meta) until a short page', async () => {
		addAssets(IMAGES, 'image', 150);
		const { items, error } = await run('image', {
			operation: 'searchByText',
			datasetId: byId(IMAGES),
			textQuery: 'office',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(174);
		expect(new Set(items.map((i) => i.json.coactive_image_id)).size).toBe(174);
		expect(bed.apiRequests().map((r) => [(r.body as IDataObject).offset, (r.body as IDataObject).limit])).toEqual([
			[0, 100],
			[100, 100],
		]);
	});

	test("metadata filters go out in the service's clause shapes and select what matches", async () => {
		const shotAt = Date.parse('2026-03-01T12:00:00Z');
		for (const image of assetsOf(IMAGES)) {
			image.metadata = {
				...image.metadata,
				featured: Number(image.metadata.index) < 4,
				shot_at: new Date(shotAt + Number(image.metadata.index) * 86_400_000).toISOString(),
			};
		}
		const { items, error } = await run('image', {
			operation: 'searchByText',
			datasetId: byId(IMAGES),
			textQuery: 'city',
			returnAll: true,
			metadataFilters: {
				filter: [
					{ key: 'topic', condition: 'notEquals', value: 'beach' },
					{ key: 'featured', condition: 'isTrue' },
					{ key: 'shot_at', condition: 'dateRange', from: '2026-03-02T00:00:00Z', to: '2026-03-04T12:00:00Z' },
				],
			},
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => (i.json.metadata as IDataObject).topic).sort()).toEqual(['city', 'forest', 'mountain']);
		expect((bed.apiRequests()[0].body as IDataObject).metadata_filters).toEqual({
			filters: [
				{ key: 'topic', operator: '!=', value: 'beach' },
				{ key: 'featured', operator: '==', value: true },
				{
					key: 'shot_at',
					operator: 'DateTimeRangeInclusive',
					start_utc_epoch: Date.parse('2026-03-02T00:00:00Z') / 1000,
					end_utc_epoch: Date.parse('2026-03-04T12:00:00Z') / 1000,
				},
			],
		});
		const equals = await run('image', {
			operation: 'searchByText',
			datasetId: byId(IMAGES),
			textQuery: 'anything',
			returnAll: true,
			metadataFilters: {
				filter: [
					{ key: 'topic', condition: 'equals', value: 'kitchen' },
					{ key: 'featured', condition: 'isFalse' },
				],
			},
		});
		// featured is true for indexes 0 to 3 only, so every kitchen image (4, 12, 20) matches.
		expect(equals.items.map((i) => String(i.json.path)).sort()).toEqual([
			expect.stringMatching(/kitchen-004/),
			expect.stringMatching(/kitchen-012/),
			expect.stringMatching(/kitchen-020/),
		]);
	});

	test("asset type, negative text and moderation options go out in the service's keys; Video gives keyframes", async () => {
		const { items, error } = await run('image', {
			operation: 'searchByText',
			datasetId: byId(SEED_DATASET_IDS.demoMixed),
			textQuery: 'kitchen',
			limit: 3,
			options: { assetType: 'video', negativeText: ' salt ', skipModeration: true, moderationScoreType: 'level' },
		});
		expect(error).toBeUndefined();
		expect(bed.apiRequests()[0].body).toEqual({
			dataset_id: SEED_DATASET_IDS.demoMixed,
			text_query: 'kitchen',
			asset_type: 'video',
			negative_text: 'salt',
			skip_moderation: true,
			moderation_score_type: 'level',
			offset: 0,
			limit: 3,
		});
		expect(items).toHaveLength(3);
		for (const item of items)
			expect(item.json).toMatchObject({
				video: { path: expect.stringMatching(/kitchen-004\.mp4$/) },
				shot: expect.any(Object),
			});
	});

	test('an empty query, a malformed dataset ID or a filter without field are refused before any request', async () => {
		const empty = await run('image', { operation: 'searchByText', datasetId: byId(IMAGES), textQuery: ' ' });
		expect(empty.error?.message).toBe('Invalid Query in item 0: it is empty');
		// Values typed in the editor are checked by n8n itself; values from expressions reach the node's own check.
		const dataset = await run('image', {
			operation: 'searchByText',
			datasetId: byId('={{ "dataset-1" }}'),
			textQuery: 'x',
		});
		expect(dataset.error?.message).toBe('Invalid Dataset in item 0: "dataset-1" is not a UUID');
		const key = await run('image', {
			operation: 'searchByText',
			datasetId: byId(IMAGES),
			textQuery: 'x',
			metadataFilters: { filter: [{ key: '', condition: 'equals', value: 'a' }] },
		});
		expect(key.error?.message).toBe('Invalid Metadata Filters (filter 1) Field in item 0: it is empty');
		const range = await run('image', {
			operation: 'searchByText',
			datasetId: byId(IMAGES),
			textQuery: 'x',
			metadataFilters: { filter: [{ key: 'shot_at', condition: 'dateRange' }] },
		});
		expect(range.error?.message).toBe(
			'Invalid Metadata Filters (filter 1) in item 0: a date range needs Since, Until or both',
		);
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('an unknown or deleted dataset is an explained 404', async () => {
		const { error } = await run('image', {
			operation: 'searchByText',
			datasetId: byId(SEED_DATASET_IDS.demoArchived),
			textQuery: 'beach',
		});
		expect(error?.message).toBe(`Dataset ${SEED_DATASET_IDS.demoArchived} not found`);
		expect(error?.description).toMatch(/From list/);
		expect(httpCode(error)).toBe('404');
	});
});

describe('Image: Search by Image', () => {
	test('by image ID: images of the same topic first, the query image itself left out', async () => {
		const beach = asset(IMAGES, 'beach');
		const { items, error } = await run('image', {
			operation: 'searchByImage',
			datasetId: byId(IMAGES),
			queryImage: byId(beach.id),
			limit: 2,
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => String(i.json.path))).toEqual([
			expect.stringMatching(/beach/),
			expect.stringMatching(/beach/),
		]);
		expect(items.map((i) => i.json.coactive_image_id)).not.toContain(beach.id);
		expect(bed.apiRequests()[0].body).toEqual({ dataset_id: IMAGES, coactive_image_id: beach.id, offset: 0, limit: 2 });
	});

	test("by public URL: the URL's words decide what looks alike", async () => {
		const url = 'https://cdn.example.com/mountain-hike.jpg';
		const { items } = await run('image', {
			operation: 'searchByImage',
			datasetId: byId(IMAGES),
			queryImage: byUrl(url),
			limit: 3,
			options: { assetType: 'image' },
		});
		expect(items.map((i) => String(i.json.path))).toEqual([
			expect.stringMatching(/mountain/),
			expect.stringMatching(/mountain/),
			expect.stringMatching(/mountain/),
		]);
		expect(bed.apiRequests()[0].body).toEqual({
			dataset_id: IMAGES,
			public_url: url,
			asset_type: 'image',
			offset: 0,
			limit: 3,
		});
	});

	test('Limit is 1 to 1000: 1001 is refused before any request; 1000 and Return All are allowed', async () => {
		const tooMany = await run('image', {
			operation: 'searchByImage',
			datasetId: byId(IMAGES),
			queryImage: byUrl('https://x.example/a.jpg'),
			limit: 1001,
		});
		expect(tooMany.error?.message).toBe('Invalid Limit in item 0: "1001" is out of range');
		expect(tooMany.error?.description).toBe('Limit must be a whole number from 1 to 1000.');
		expect(bed.sandbox.requests).toHaveLength(0);
		const max = await run('image', {
			operation: 'searchByImage',
			datasetId: byId(IMAGES),
			queryImage: byUrl('https://x.example/a.jpg'),
			limit: 1000,
		});
		expect(max.items).toHaveLength(24);
		addAssets(IMAGES, 'image', 100);
		bed.sandbox.clearRequestLog();
		const all = await run('image', {
			operation: 'searchByImage',
			datasetId: byId(IMAGES),
			queryImage: byUrl('https://x.example/a.jpg'),
			returnAll: true,
		});
		expect(all.items).toHaveLength(124);
		expect(bed.apiRequests().map((r) => (r.body as IDataObject).offset)).toEqual([0, 100]);
	});

	test('a malformed image ID or URL is refused before any request; an image the dataset lacks is a clear 422', async () => {
		const badId = await run('image', {
			operation: 'searchByImage',
			datasetId: byId(IMAGES),
			queryImage: byId('={{ "img-7" }}'),
		});
		expect(badId.error?.message).toBe('Invalid Query Image in item 0: "img-7" is not a UUID');
		const badUrl = await run('image', {
			operation: 'searchByImage',
			datasetId: byId(IMAGES),
			queryImage: byUrl('={{ "file:///etc/passwd" }}'),
		});
		expect(badUrl.error?.message).toBe(
			'Invalid Query Image in item 0: "file:///etc/passwd" is not an http or https URL',
		);
		expect(bed.sandbox.requests).toHaveLength(0);
		const missing = await run('image', {
			operation: 'searchByImage',
			datasetId: byId(IMAGES),
			queryImage: byId(asset(VIDEOS, 'city').id),
		});
		expect(missing.error?.message).toMatch(
			/^The Media Analysis Service rejected the request as invalid: coactive_image_id: /,
		);
		expect(httpCode(missing.error)).toBe('422');
	});
});

describe('Keyframe: Search by Text and by Image', () => {
	test('by text: frames of the matching video first, each with its score, best first', async () => {
		const stadium = asset(VIDEOS, 'stadium');
		const { items, error } = await run('keyframe', {
			operation: 'searchByText',
			datasetId: byId(VIDEOS),
			textQuery: 'stadium crowd',
			limit: 5,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(5);
		for (const item of items)
			expect(item.json).toMatchObject({ video_id: stadium.id, asset_type: 'keyframe', dataset_id: VIDEOS });
		const scores = items.map((i) => i.json.score as number);
		expect([...scores].sort((a, b) => b - a)).toEqual(scores);
		expect(bed.apiRequests()[0]).toMatchObject({
			path: '/api/v1/search/text-to-keyframes',
			body: { text_query: 'stadium crowd' },
		});
	});

	test('by text with Return All: every keyframe of the dataset once', async () => {
		const expected = assetsOf(VIDEOS).reduce((sum, video) => sum + keyframesOf(video).length, 0);
		const { items } = await run('keyframe', {
			operation: 'searchByText',
			datasetId: byId(VIDEOS),
			textQuery: 'anything',
			returnAll: true,
		});
		expect(items).toHaveLength(expected);
		expect(new Set(items.map((i) => i.json.keyframe_id)).size).toBe(expected);
	});

	test('by image: a URL or a keyframe ID as the reference', async () => {
		const kitchen = asset(VIDEOS, 'kitchen');
		const byLink = await run('keyframe', {
			operation: 'searchByImage',
			datasetId: byId(VIDEOS),
			queryImage: byUrl('https://x.example/kitchen.png'),
			limit: 3,
		});
		expect(byLink.items.map((i) => i.json.video_id)).toEqual([kitchen.id, kitchen.id, kitchen.id]);
		const frame = keyframesOf(kitchen)[0];
		const byFrame = await run('keyframe', {
			operation: 'searchByImage',
			datasetId: byId(VIDEOS),
			queryImage: byId(frame.id),
			limit: 3,
		});
		expect(byFrame.error).toBeUndefined();
		expect(byFrame.items.map((i) => i.json.keyframe_id)).not.toContain(frame.id);
		expect(byFrame.items[0].json.video_id).toBe(kitchen.id);
		expect(bed.apiRequests()[1]).toMatchObject({
			path: '/api/v1/search/image-to-keyframes',
			body: { coactive_image_id: frame.id },
		});
	});
});

describe('Video: Search', () => {
	test("one result per video, best first; options go out in the service's keys", async () => {
		const { items, error } = await run('video', {
			operation: 'search',
			datasetId: byId(VIDEOS),
			textQuery: 'forest',
			limit: 3,
			options: { modality: 'shot', ignoreKeyframes: true, skipModeration: false, moderationScoreType: 'probability' },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items[0].json).toMatchObject({ source_path: expect.stringMatching(/forest-002\.mp4$/), top_keyframe: null });
		// The metadata reads as on every other search: the fields themselves (the service wraps them in {data}).
		const forest = assetsOf(VIDEOS).find((a) => a.id === items[0].json.video_id) as AssetRecord;
		expect(items[0].json.metadata).toEqual(forest.metadata);
		expect(new Set(items.map((i) => i.json.video_id)).size).toBe(3);
		expect(bed.apiRequests()[0]).toMatchObject({
			path: '/api/v1/search/video',
			body: {
				dataset_id: VIDEOS,
				text_query: 'forest',
				modality: 'shot',
				ignore_keyframes: true,
				skip_moderation: false,
				moderation_score_type: 'probability',
				offset: 0,
				limit: 3,
			},
		});
	});

	test('matching on spoken words finds the video where it is said', async () => {
		const { items } = await run('video', {
			operation: 'search',
			datasetId: byId(VIDEOS),
			textQuery: 'sauce simmers stove',
			limit: 1,
			options: { modality: 'audio_speech_to_text' },
		});
		expect(items[0].json.source_path).toMatch(/kitchen-004\.mp4$/);
	});

	test('Return All walks the pages of {results} (video search family)', async () => {
		addAssets(VIDEOS, 'video', 120);
		const { items, error } = await run('video', {
			operation: 'search',
			datasetId: byId(VIDEOS),
			textQuery: 'office',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(126);
		expect(new Set(items.map((i) => i.json.video_id)).size).toBe(126);
		expect(bed.apiRequests().map((r) => [(r.body as IDataObject).offset, (r.body as IDataObject).limit])).toEqual([
			[0, 100],
			[100, 100],
		]);
	});

	test('Limit above 1000 or a date range with one end only is refused before any request', async () => {
		const limit = await run('video', { operation: 'search', datasetId: byId(VIDEOS), textQuery: 'x', limit: 1001 });
		expect(limit.error?.message).toBe('Invalid Limit in item 0: "1001" is out of range');
		const range = await run('video', {
			operation: 'search',
			datasetId: byId(VIDEOS),
			textQuery: 'x',
			metadataFilters: { filter: [{ key: 'aired', condition: 'dateRange', from: '2026-01-01T00:00:00Z' }] },
		});
		expect(range.error?.message).toBe(
			'Invalid Metadata Filters (filter 1) in item 0: a date range needs both Since and Until here',
		);
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Video: Search Within Video', () => {
	test('ranks the slices of one video; one item per slice, each naming its video', async () => {
		const kitchen = asset(VIDEOS, 'kitchen');
		const { items, error } = await run('video', {
			operation: 'searchWithinVideo',
			datasetId: byId(VIDEOS),
			videoId: byId(kitchen.id),
			textQuery: 'sauce simmers',
			compositeType: 'scene',
			limit: 2,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		for (const item of items) {
			expect(item.json).toMatchObject({ video_id: kitchen.id, composite_type: 'scene', source_path: kitchen.path });
			expect(item.json.slices).toBeUndefined();
			expect(item.pairedItem).toEqual({ item: 0 });
		}
		// 30-second scenes: the sauce is mentioned between 30 s and 60 s.
		expect(items[0].json).toMatchObject({
			start_time_ms: 30_000,
			end_time_ms: 60_000,
			composite_slice_score: expect.any(Number),
		});
		expect(bed.apiRequests()[0]).toMatchObject({
			method: 'GET',
			path: '/api/v1/search/video',
			query: {
				dataset_id: VIDEOS,
				video_id: kitchen.id,
				text_query: 'sauce simmers',
				composite_type: 'scene',
				limit: '2',
			},
		});
	});

	test("From list ranks the dataset's videos by the words typed", async () => {
		const found = await bed.harness.runListSearch({
			type,
			method: 'searchVideos',
			filter: 'mountain',
			parameters: { datasetId: byId(VIDEOS) },
		});
		expect(found.results[0]).toMatchObject({ name: 'mountain-003.mp4', value: asset(VIDEOS, 'mountain').id });
		expect(found.results).toHaveLength(6);
		expect(found.paginationToken).toBeUndefined();
		await expect(
			bed.harness.runListSearch({ type, method: 'searchVideos', parameters: { datasetId: byId('') } }),
		).rejects.toThrow('Choose the dataset first');
	});

	test('a video the dataset does not have is an explained 404; a malformed video ID is refused first', async () => {
		const other = asset(SEED_DATASET_IDS.demoMixed, 'kitchen');
		const { error } = await run('video', {
			operation: 'searchWithinVideo',
			datasetId: byId(VIDEOS),
			videoId: byId(other.id),
			textQuery: 'x',
		});
		expect(error?.message).toBe(`Video ${other.id} not found in dataset ${VIDEOS}`);
		expect(httpCode(error)).toBe('404');
		bed.sandbox.clearRequestLog();
		const bad = await run('video', {
			operation: 'searchWithinVideo',
			datasetId: byId(VIDEOS),
			videoId: byId('={{ "video-1" }}'),
			textQuery: 'x',
		});
		expect(bad.error?.message).toBe('Invalid Video in item 0: "video-1" is not a UUID');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Transcript: Search Exact Phrase and Search Spoken Content', () => {
	test('an exact phrase finds the passage where it is said, with times and coverage', async () => {
		const { items, error } = await run('transcript', {
			operation: 'searchExactPhrase',
			datasetId: byId(VIDEOS),
			textQuery: 'The Sauce  Simmers',
			returnAll: true,
			options: { compositeType: 'scene' },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			video: { path: expect.stringMatching(/kitchen-004\.mp4$/) },
			audio_segment: {
				start_time_ms: 30_000,
				end_time_ms: 60_000,
				speech_to_text_transcription: 'the sauce simmers on the stove',
			},
			coverage_score: expect.any(Number),
		});
		expect(bed.apiRequests()[0]).toMatchObject({
			path: '/api/v1/search/text-to-transcript/exact-match',
			body: { dataset_id: VIDEOS, text_query: 'The Sauce  Simmers', composite_type: 'scene', offset: 0, limit: 100 },
		});
	});

	test('a phrase said in every video: one match per video; Limit trims', async () => {
		const all = await run('transcript', {
			operation: 'searchExactPhrase',
			datasetId: byId(VIDEOS),
			textQuery: 'thank you for your time',
			returnAll: true,
		});
		expect(new Set(all.items.map((i) => (i.json.video as IDataObject).coactive_video_id)).size).toBe(6);
		expect(all.items).toHaveLength(6);
		const two = await run('transcript', {
			operation: 'searchExactPhrase',
			datasetId: byId(VIDEOS),
			textQuery: 'thank you for your time',
			limit: 2,
		});
		expect(two.items).toHaveLength(2);
	});

	test('spoken content: the passage closest in meaning first', async () => {
		const { items, error } = await run('transcript', {
			operation: 'searchSpokenContent',
			datasetId: byId(VIDEOS),
			textQuery: 'snow on the summit',
			limit: 2,
			options: { skipModeration: true },
		});
		expect(error).toBeUndefined();
		expect((items[0].json.audio_segment as IDataObject).speech_to_text_transcription).toMatch(
			/summit is covered in snow/,
		);
		expect(bed.apiRequests()[0]).toMatchObject({
			path: '/api/v1/search/audio',
			body: { text_query: 'snow on the summit', skip_moderation: true, limit: 2 },
		});
	});

	test('an empty phrase is refused before any request, naming the Phrase parameter', async () => {
		const { error } = await run('transcript', {
			operation: 'searchExactPhrase',
			datasetId: byId(VIDEOS),
			textQuery: '={{ "  " }}',
		});
		expect(error?.message).toBe('Invalid Phrase in item 0: it is empty');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Per item', () => {
	test('each input item runs its own search; Continue On Fail keeps pairing', async () => {
		const { items, error } = await run(
			'image',
			{ operation: 'searchByText', datasetId: byId('={{ $json.dataset }}'), textQuery: '={{ $json.q }}', limit: 1 },
			[
				{ dataset: IMAGES, q: 'beach' },
				{ dataset: SEED_DATASET_IDS.demoArchived, q: 'beach' },
				{ dataset: IMAGES, q: 'kitchen' },
			],
			true,
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(String(items[0].json.path)).toMatch(/beach/);
		expect(items[1].json.error).toBe(`Dataset ${SEED_DATASET_IDS.demoArchived} not found`);
		expect(String(items[2].json.path)).toMatch(/kitchen/);
	});
});

describe('Dataset By Name', () => {
	test('the name is looked up once for every item of the run, then the search goes to its ID', async () => {
		const { items, error } = await run(
			'image',
			{ operation: 'searchByText', datasetId: byName('demo_images'), textQuery: '={{ $json.q }}', limit: 1 },
			[{ q: 'beach' }, { q: 'office' }, { q: 'forest' }],
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		const lookups = bed.apiRequests().filter((r) => r.method === 'GET' && r.path === '/api/v1/datasets');
		expect(lookups).toHaveLength(1);
		expect(lookups[0].query).toMatchObject({ name_pattern: 'demo_images' });
		const searches = bed.apiRequests().filter((r) => r.path === '/api/v1/search/text-to-image');
		expect(searches.map((r) => (r.body as IDataObject).dataset_id)).toEqual([IMAGES, IMAGES, IMAGES]);
	});

	test('no dataset of that exact name, or several, is an error naming the parameter and the item; nothing else is sent', async () => {
		const none = await run('video', { operation: 'search', datasetId: byName('demo'), textQuery: 'x' });
		expect(none.error?.message).toBe('Invalid Dataset in item 0: no dataset is named "demo"');
		expect(none.error?.description).toMatch(/choose the dataset From List/);
		const twin = { ...(bed.sandbox.store.datasets.get(VIDEOS) as object), id: '5f0c6f8e-1f57-4d3e-9a51-2b7c1e0d9a11' };
		bed.sandbox.store.datasets.set(twin.id, twin as never);
		bed.sandbox.clearRequestLog();
		const several = await run('video', { operation: 'search', datasetId: byName('demo_videos'), textQuery: 'x' });
		expect(several.error?.message).toBe('Invalid Dataset in item 0: 2 datasets are named "demo_videos"');
		expect(several.error?.description).toContain(twin.id);
		expect(bed.apiRequests().filter((r) => r.path.startsWith('/api/v1/search'))).toHaveLength(0);
	});
});

describe('As an AI tool (Media Analysis Search Tool)', () => {
	const asTool = (resource: string, parameters: Record<string, unknown>) =>
		bed.harness.runNode({ type: `${type}Tool`, parameters: { resource, ...parameters } });

	test('returns 10 results by default, asking the service for 10; a Limit chosen holds', async () => {
		addAssets(IMAGES, 'image', 70);
		const tool = await asTool('image', { operation: 'searchByText', datasetId: byId(IMAGES), textQuery: 'office' });
		expect(tool.error).toBeUndefined();
		expect(tool.items).toHaveLength(10);
		expect(bed.apiRequests().map((r) => (r.body as IDataObject).limit)).toEqual([10]);
		expect(
			(await asTool('image', { operation: 'searchByText', datasetId: byId(IMAGES), textQuery: 'office', limit: 25 }))
				.items,
		).toHaveLength(25);
		// As a workflow step, 50.
		expect(
			(await run('image', { operation: 'searchByText', datasetId: byId(IMAGES), textQuery: 'office' })).items,
		).toHaveLength(50);
	});

	test('Search Within Video asks for 10 slices by default as a tool', async () => {
		const kitchen = asset(VIDEOS, 'kitchen');
		await asTool('video', {
			operation: 'searchWithinVideo',
			datasetId: byId(VIDEOS),
			videoId: byId(kitchen.id),
			textQuery: 'sauce',
		});
		await run('video', {
			operation: 'searchWithinVideo',
			datasetId: byId(VIDEOS),
			videoId: byId(kitchen.id),
			textQuery: 'sauce',
		});
		expect(bed.apiRequests().map((r) => r.query.limit)).toEqual(['10', '50']);
	});
});
