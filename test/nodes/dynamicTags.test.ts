/* Dev-only: the Dynamic Tags node through n8n's engine against the sandbox over real HTTP. */
import type { IDataObject } from 'n8n-workflow';
import { seedTagGroups, type TagGroupRecord } from '../../sandbox/dynamic-tags/model';
import { aggregationsOf, tagIdOf, tagVersionIdOf } from '../../sandbox/dynamic-tags/scores';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { startFaultProxy } from '../support/fault-proxy';
import { TYPES, useTestBed } from './setup';
import { byId, fromList } from '../support/locators';

const bed = useTestBed();
const type = TYPES.dynamicTags;
const groups = seedTagGroups();

const run = (parameters: Record<string, unknown>, inputItems?: IDataObject[], continueOnFail = false) =>
	bed.harness.runNode({
		type,
		// The whole record (Output: Raw), as the service sends it: these tests read fields Simplified leaves out.
		parameters: { resource: 'tagGroup', operation: 'getMany', returnAll: true, output: 'raw', ...parameters },
		inputItems,
		continueOnFail,
	});

/** The query of the one list request the node sent. */
function sentQuery() {
	const requests = bed.apiRequests();
	expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v3/dynamic-tags/groups']);
	return requests[0];
}

const namesOf = (items: Array<{ json: IDataObject }>) => items.map((item) => item.json.name as string);
const sortedNames = (selected: TagGroupRecord[]) => selected.map((group) => group.name).sort();

describe('Tag Group: Get Many', () => {
	test('lists groups sorted by name, one item per group, with Limit setting the page size', async () => {
		const { items, error } = await run({ returnAll: false, limit: 7 });
		expect(error).toBeUndefined();
		expect(namesOf(items)).toEqual(sortedNames(groups).slice(0, 7));
		expect(items[0].json).toMatchObject({ tags_preview: null, training_datasets: null });
		expect(items.every((item) => typeof item.json.tags_count === 'number')).toBe(true);
		expect(sentQuery().query).toEqual({ page: '1', per_page: '7' });
	});

	test('Return All walks every page (has_next_page in meta) and returns each group once', async () => {
		bed.sandbox.store.dynamicTags.groups.splice(0, Infinity, ...seedTagGroups(230));
		const { items, error } = await run({});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(230);
		expect(new Set(items.map((item) => item.json.group_id)).size).toBe(230);
		// After each page, the last group of the page before alone: the list did not move under the read.
		expect(bed.apiRequests().map((r) => [r.query.page, r.query.per_page])).toEqual([
			['1', '100'],
			['2', '100'],
			['100', '1'],
			['3', '100'],
			['200', '1'],
		]);
	});

	test('Return All over the 60 seeded groups takes one request', async () => {
		const { items } = await run({});
		expect(items).toHaveLength(60);
		expect(bed.apiRequests()).toHaveLength(1);
	});

	test('a Limit above one page stops exactly at the limit', async () => {
		bed.sandbox.store.dynamicTags.groups.splice(0, Infinity, ...seedTagGroups(150));
		const { items } = await run({ returnAll: false, limit: 120 });
		expect(items).toHaveLength(120);
		expect(bed.apiRequests().map((r) => [r.query.page, r.query.per_page])).toEqual([
			['1', '100'],
			['2', '100'],
			['100', '1'],
		]);
	});
});

describe('Tag Group: Get Many filters reach the service', () => {
	test('Name is exact', async () => {
		const { items } = await run({ filters: { name: 'sports_pilot' } });
		expect(namesOf(items)).toEqual(['sports_pilot']);
		expect(sentQuery().query).toMatchObject({ name: 'sports_pilot' });
		const none = await run({ filters: { name: 'sports' } });
		expect(none.items).toHaveLength(0);
	});

	test('Name Contains ignores case', async () => {
		const { items } = await run({ filters: { nameContains: 'SPORT' } });
		expect(namesOf(items).sort()).toEqual(sortedNames(groups.filter((g) => g.name.includes('sport'))));
		expect(items).toHaveLength(5);
		expect(sentQuery().query).toMatchObject({ name_contains: 'SPORT' });
	});

	test('Version Name and Status select versions; Include Versions lists latest draft and latest published', async () => {
		const latestV3 = await run({ filters: { versionName: 'v3' } });
		expect(latestV3.items).toHaveLength(groups.filter((g) => g.versions.length === 3).length);
		expect(
			latestV3.items.every((item) => item.json.version_name === 'v3' && item.json.status === 'unpublished_changes'),
		).toBe(true);
		expect(bed.apiRequests()[0].query).toMatchObject({ version_name: 'v3' });

		const hidden = await run({ filters: { versionName: 'v2' } });
		expect(hidden.items).toHaveLength(0);
		const v2 = await run({ filters: { versionName: 'v2' }, options: { includeVersions: true } });
		expect(v2.items).toHaveLength(20);
		expect(v2.items.every((item) => item.json.status === 'published')).toBe(true);

		bed.sandbox.clearRequestLog();
		const published = await run({ filters: { status: 'published' } });
		expect(published.items).toHaveLength(groups.filter((g) => g.versions.at(-1)!.status === 'published').length);
		expect(sentQuery().query).toMatchObject({ group_status: 'published' });

		const all = await run({ options: { includeVersions: true } });
		expect(all.items).toHaveLength(60 + 20);
		const twoRows = all.items
			.filter((item) => item.json.group_id === groups[2].id)
			.map((item) => item.json.version_name);
		expect(twoRows.sort()).toEqual(['v2', 'v3']);
	});

	test('Status: every status of the service can be asked for', async () => {
		for (const status of ['draft', 'creating', 'updating', 'validated', 'error', 'deleting', 'deleted']) {
			const { items, error } = await run({ filters: { status } });
			expect(error).toBeUndefined();
			expect(items.length).toBeGreaterThan(0);
			expect(items.every((item) => item.json.status === status)).toBe(true);
		}
	});

	test('Group IDs and Exclude Group IDs go as repeated keys', async () => {
		const [a, b, c] = [groups[3].id, groups[10].id, groups[3].id.toUpperCase()];
		const { items } = await run({ filters: { groupIds: `${a}, ${b}`, excludeGroupIds: c } });
		expect(items.map((item) => item.json.group_id)).toEqual([b]);
		const sent = sentQuery();
		expect(sent.query.group_ids).toEqual([a, b]);
		expect(sent.rawQuery).toContain(`group_ids=${a}&group_ids=${b}`);
		expect(sent.rawQuery).not.toContain('%5B');
		expect(sent.query.exclude_group_ids).toBe(groups[3].id);

		bed.sandbox.clearRequestLog();
		const excluded = await run({ filters: { excludeGroupIds: `${groups[0].id},${groups[1].id}` } });
		expect(excluded.items).toHaveLength(58);
		expect(sentQuery().query.exclude_group_ids).toEqual([groups[0].id, groups[1].id]);
	});

	test('Visual Encoder and Transcript Encoder', async () => {
		const visual = await run({ filters: { visualEncoder: 'multimodal-tx-large3' } });
		expect(namesOf(visual.items).sort()).toEqual(
			sortedNames(groups.filter((g) => g.visualEncoder === 'multimodal-tx-large3')),
		);
		expect(bed.apiRequests()[0].query).toMatchObject({ visual_encoder: 'multimodal-tx-large3' });
		bed.sandbox.clearRequestLog();
		const transcript = await run({ filters: { transcriptEncoder: 'whisper-medium' } });
		expect(transcript.items).toHaveLength(30);
		expect(sentQuery().query).toMatchObject({ transcript_encoder: 'whisper-medium' });
	});

	test('Shareable Only', async () => {
		const off = await run({
			filters: { shareableOnly: false },
			options: { includeTags: false, includeTrainingDatasets: false, includeVersions: false },
		});
		expect(off.error).toBeUndefined();
		// Unticked is "no filter" (the service's default), so nothing is sent for it.
		expect(sentQuery().query).toEqual({ page: '1', per_page: '100' });
		bed.sandbox.clearRequestLog();
		const { items } = await run({ filters: { shareableOnly: true } });
		expect(items).toHaveLength(15);
		expect(items.every((item) => item.json.shareable === true)).toBe(true);
		expect(sentQuery().query).toMatchObject({ is_shareable: 'true' });
	});

	test('Created By', async () => {
		const { items } = await run({ filters: { createdBy: 'analyst-ines' } });
		expect(items).toHaveLength(20);
		expect(items.every((item) => item.json.group_created_user_id === 'analyst-ines')).toBe(true);
		expect(sentQuery().query).toMatchObject({ created_user_id: 'analyst-ines' });
	});

	test('Created After (inclusive) and Created Before (exclusive)', async () => {
		const from = new Date(groups[10].createdAt).toISOString();
		const to = new Date(groups[20].createdAt).toISOString();
		const { items } = await run({ filters: { createdFrom: from, createdTo: to } });
		expect(namesOf(items).sort()).toEqual(sortedNames(groups.slice(10, 20)));
		expect(sentQuery().query).toMatchObject({ created_dt_from: from, created_dt_to: to });
	});

	test('Training Dataset, chosen by ID or from the list', async () => {
		const expected = sortedNames(
			groups.filter((g) => g.trainingDatasets.some((d) => d.id === SEED_DATASET_IDS.demoVideos)),
		);
		expect(expected.length).toBeGreaterThan(0);
		const { items } = await run({ filters: { trainingDatasetId: byId(SEED_DATASET_IDS.demoVideos) } });
		expect(namesOf(items).sort()).toEqual(expected);
		expect(sentQuery().query).toMatchObject({ training_dataset_id: SEED_DATASET_IDS.demoVideos });
		const listed = await run({ filters: { trainingDatasetId: fromList(SEED_DATASET_IDS.demoVideos) } });
		expect(listed.items).toHaveLength(expected.length);
	});

	test('Sort By and Sort Direction', async () => {
		const { items } = await run({ sort: { field: 'group_created_dt', direction: 'desc' } });
		expect(items[0].json.name).toBe(groups[59].name);
		expect(items[59].json.name).toBe(groups[0].name);
		expect(sentQuery().query).toMatchObject({ sort_field: 'group_created_dt', sort_direction: 'desc' });
	});

	test('Include Tags and Include Training Datasets return at most 10 of each', async () => {
		const { items } = await run({ options: { includeTags: true, includeTrainingDatasets: true } });
		expect(sentQuery().query).toMatchObject({ include_tags: 'true', include_training_datasets: 'true' });
		const big = items.find((item) => item.json.name === groups[12].name)!.json;
		expect(groups[12].trainingDatasets).toHaveLength(12);
		expect(big.training_datasets).toHaveLength(10);
		const manyTags = items.find((item) => (item.json.tags_count as number) > 10)!.json;
		expect(manyTags.tags_preview).toHaveLength(10);
		expect((manyTags.tags_preview as IDataObject[])[0]).toEqual({
			tag_id: expect.any(String),
			tag_version_id: expect.any(String),
			name: expect.any(String),
			status: expect.any(String),
		});
	});

	test('filters are read per item from expressions', async () => {
		const { items } = await run({ filters: { name: '={{ $json.group }}' } }, [
			{ group: 'cars_core' },
			{ group: 'music_seasonal' },
		]);
		expect(items.map((item) => [item.json.name, item.pairedItem])).toEqual([
			['cars_core', { item: 0 }],
			['music_seasonal', { item: 1 }],
		]);
	});
});

describe('Tag Group: Get Many errors', () => {
	test('a malformed group ID is refused before any request, naming the parameter and the item', async () => {
		const { error } = await run({ filters: { groupIds: `${groups[0].id}, nope` } });
		expect(error?.message).toBe('Invalid Group IDs in item 0: "nope" is not a UUID');
		expect(bed.apiRequests()).toHaveLength(0);
	});

	test('a malformed date is refused before any request', async () => {
		const { error } = await run({ filters: { createdFrom: 'yesterday-ish' } });
		expect(error?.message).toBe('Invalid Created After in item 0: "yesterday-ish" is not a date');
		expect(bed.apiRequests()).toHaveLength(0);
	});

	test('a 422 of the service lists the problem', async () => {
		// Any field may be given by expression; the sandbox, like the service, decides what it sorts by.
		const { error } = await run({ sort: { field: '={{ "colour" }}' } });
		expect(error?.message).toMatch(
			/^The Media Analysis Service rejected the request as invalid: sort_field: Value error, sort_field must be one of/,
		);
	});
});

describe('Tag Score (the video-scores endpoints)', () => {
	// scenes_core: published v2, 19 tags (crowd, drone_shot, indoor …), trained on demo_videos among others.
	const scenes = groups.find((group) => group.name === 'scenes_core')!;
	const published = scenes.versions.find((version) => version.status === 'published')!;
	const crowd = tagIdOf(scenes, 'crowd');
	const crowdVersion = tagVersionIdOf(published, 'crowd');
	const aggregation = aggregationsOf(scenes).find(
		(a) => a.tag.name === 'crowd' && a.datasetId === SEED_DATASET_IDS.demoVideos,
	)!;
	const scoreRun = (
		operation: string,
		parameters: Record<string, unknown>,
		inputItems?: IDataObject[],
		continueOnFail = false,
	) =>
		bed.harness.runNode({
			type,
			parameters: { resource: 'tagScore', operation, groupId: byId(scenes.id), tagId: byId(crowd), ...parameters },
			inputItems,
			continueOnFail,
		});
	const videoPath = (id: unknown) => bed.sandbox.store.assets.get(String(id))?.path ?? '';

	test('Preview Video Scores: every video of the dataset, one item each, crowd scenes meeting Any Hit', async () => {
		const { items, error } = await scoreRun('previewVideoScores', {
			tagVersionId: byId(crowdVersion),
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			strategy: 'ANY_HIT',
			minConfidence: 0.5,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(6);
		const met = items.filter((item) => item.json.criteria_met).map((item) => videoPath(item.json.coactive_video_id));
		expect(met.sort()).toEqual(['s3://demo-bucket/videos/city-001.mp4', 's3://demo-bucket/videos/stadium-005.mp4']);
		// Output: Simplified (the default) keeps the video, the tag, the score and the video's own metadata.
		expect(Object.keys(items[0].json).sort()).toEqual(
			[
				'accepted',
				'coactive_video_id',
				'computed_dt',
				'criteria_met',
				'score',
				'tag_id',
				'tag_name',
				'video_metadata',
			].filter((key) => key in items[0].json),
		);
		expect(items[0].json).toMatchObject({
			tag_id: crowd,
			tag_name: 'crowd',
			coactive_video_id: expect.any(String),
			score: expect.any(Number),
		});
		expect(bed.apiRequests()[0]).toMatchObject({
			path: `/api/v0/video-scores/groups/${scenes.id}/tags/${crowd}/aggregations/-/result`,
			query: {
				tag_version_id: crowdVersion,
				dataset_id: SEED_DATASET_IDS.demoVideos,
				strategy: 'ANY_HIT',
				min_conf: '0.5',
			},
		});
	});

	test('Preview: Coverage Threshold sends its threshold; Longest Run on Pinot is explained', async () => {
		const coverage = await scoreRun('previewVideoScores', {
			tagVersionId: byId(crowdVersion),
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			strategy: 'COVERAGE_THRESHOLD',
			minConfidence: 0.5,
			coverageThreshold: 0.9,
			options: { engine: 'PINOT', maxShotLength: 30 },
		});
		expect(coverage.error).toBeUndefined();
		expect(bed.apiRequests()[0].query).toMatchObject({
			coverage_threshold: '0.9',
			engine: 'PINOT',
			max_shot_length: '30',
		});
		const pinot = await scoreRun('previewVideoScores', {
			tagVersionId: byId(crowdVersion),
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			strategy: 'LONGEST_RUN',
			minConfidence: 0.5,
			options: { engine: 'PINOT' },
		});
		expect(pinot.error?.message).toBe(
			'The service refused this combination: LONGEST_RUN strategy is not supported with PINOT engine',
		);
		expect(pinot.error?.description).toMatch(/choose DuckDB for Longest Run/);
	});

	test('Get Many Video Scores: Return All walks page/per_page; Limit stops early', async () => {
		const all = await scoreRun('getManyVideoScores', {
			aggregationId: byId(aggregation.id),
			returnAll: true,
			options: { sortOrder: 'asc' },
		});
		expect(all.error).toBeUndefined();
		expect(all.items).toHaveLength(6);
		const scores = all.items.map((item) => item.json.score as number);
		expect(scores).toEqual([...scores].sort((a, b) => a - b));
		expect(bed.apiRequests()[0].query).toMatchObject({ page: '1', sort_order: 'asc' });
		bed.sandbox.clearRequestLog();
		const two = await scoreRun('getManyVideoScores', {
			aggregationId: byId(aggregation.id),
			returnAll: false,
			limit: 2,
		});
		expect(two.items).toHaveLength(2);
		expect(bed.apiRequests().map((r) => [r.query.page, r.query.per_page])).toEqual([['1', '2']]);
		// Page by page, when the service holds more than one page.
		bed.sandbox.clearRequestLog();
		const paged = await scoreRun('getManyVideoScores', {
			aggregationId: byId(aggregation.id),
			returnAll: false,
			limit: 5,
		});
		expect(paged.items).toHaveLength(5);
	});

	test('Count Video Scores: criteria met by default; Accepted and Do Not Meet reach the service', async () => {
		const met = await scoreRun('countVideoScores', { aggregationId: byId(aggregation.id) });
		expect(met.items[0].json).toMatchObject({ count: 2, predicate: { criteria_met: true, accepted: null } });
		expect(bed.apiRequests()[0].query).toEqual({ criteria_met: 'true' });
		const notMet = await scoreRun('countVideoScores', {
			aggregationId: byId(aggregation.id),
			criteriaMet: false,
			accepted: 'false',
		});
		expect(notMet.items[0].json).toMatchObject({ count: 4, predicate: { criteria_met: false, accepted: false } });
	});

	test('Get Many Shot Scores: one item per shot at or above the minimum; 0.1 or less is refused before any request', async () => {
		const stadium = [...bed.sandbox.store.assets.values()].find((a) => a.path.endsWith('stadium-005.mp4'))!;
		const { items, error } = await scoreRun('getManyShotScores', {
			tagVersionId: byId(crowdVersion),
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			videoId: byId(stadium.id),
			minConfidence: 0.5,
		});
		expect(error).toBeUndefined();
		expect(items.length).toBe(Math.ceil((stadium.durationSeconds ?? 0) / 10));
		expect(items[0].json).toMatchObject({ video_id: stadium.id, total_shot_count: items.length, start_time: 0 });
		expect(items.every((item) => (item.json.score as number) >= 0.5)).toBe(true);
		bed.sandbox.clearRequestLog();
		const low = await scoreRun('getManyShotScores', {
			tagVersionId: byId(crowdVersion),
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			videoId: byId(stadium.id),
			minConfidence: 0.1,
		});
		expect(low.error?.message).toBe('Invalid Minimum Confidence in item 0: "0.1" is out of range');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('Preview Video Scores and Get Many Shot Scores keep to the Limit (the service answers in one page)', async () => {
		const stadium = [...bed.sandbox.store.assets.values()].find((a) => a.path.endsWith('stadium-005.mp4'))!;
		const common = {
			tagVersionId: byId(crowdVersion),
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			minConfidence: 0.5,
		};
		const preview = (page: IDataObject) => scoreRun('previewVideoScores', { ...common, strategy: 'ANY_HIT', ...page });
		const shots = (page: IDataObject) =>
			scoreRun('getManyShotScores', { ...common, videoId: byId(stadium.id), ...page });
		const all = await preview({ returnAll: true });
		expect(all.items).toHaveLength(6);
		const two = await preview({ returnAll: false, limit: 2 });
		expect(two.items.map((item) => item.json)).toEqual(all.items.slice(0, 2).map((item) => item.json));
		const allShots = await shots({ returnAll: true });
		expect(allShots.items.length).toBeGreaterThan(1);
		const oneShot = await shots({ returnAll: false, limit: 1 });
		expect(oneShot.items.map((item) => item.json)).toEqual([allShots.items[0].json]);
		const zero = await shots({ returnAll: false, limit: 0 });
		expect(zero.error?.message).toBe('Invalid Limit in item 0: "0" is out of range');
	});

	test('an unknown aggregation is an explained 404; a malformed tag ID is refused before any request', async () => {
		const unknown = await scoreRun('countVideoScores', { aggregationId: byId('0f0e0d0c-0b0a-4908-8706-050403020100') });
		expect(unknown.error?.message).toMatch(/^Not found: Aggregation 0f0e0d0c-0b0a-4908-8706-050403020100 not found/);
		expect(unknown.error?.description).toMatch(/choose the tag group, tag and version From List/);
		bed.sandbox.clearRequestLog();
		const bad = await scoreRun('countVideoScores', {
			tagId: byId('={{ "crowd" }}'),
			aggregationId: byId(aggregation.id),
		});
		expect(bad.error?.message).toBe('Invalid Tag in item 0: "crowd" is not a UUID');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('an answer without the list of scores is a clear error, not an item', async () => {
		const proxy = await startFaultProxy(bed.sandbox.url);
		try {
			proxy.inject((_method, path) => path.endsWith('/aggregations/-/result'), {
				kind: 'status',
				status: 200,
				body: { meta: null },
			});
			bed.useCredential('personalToken', { baseUrl: proxy.url });
			const { items, error } = await scoreRun('previewVideoScores', {
				tagVersionId: byId(crowdVersion),
				datasetId: byId(SEED_DATASET_IDS.demoVideos),
				strategy: 'ANY_HIT',
				minConfidence: 0.5,
			});
			expect(items).toEqual([]);
			expect(error?.message).toMatch(
				/^The Media Analysis Service answered GET \/api\/v0\/video-scores\/.+\/aggregations\/-\/result without the "data" list it should hold \(the answer was an object with the keys meta\)$/,
			);
		} finally {
			await proxy.close();
		}
	});

	test('From list: groups by name, the tags of the chosen group, the versions of the chosen tag', async () => {
		const found = await bed.harness.runListSearch({ type, method: 'searchTagGroups', filter: 'scenes_co' });
		expect(found.results).toEqual([
			{ name: 'scenes_core', value: scenes.id, description: expect.stringMatching(/unpublished_changes|published/) },
		]);
		const tags = await bed.harness.runListSearch({
			type,
			method: 'searchGroupTags',
			parameters: { resource: 'tagScore', operation: 'previewVideoScores', groupId: byId(scenes.id) },
		});
		expect(tags.results.map((r) => r.name)).toContain('crowd');
		const versions = await bed.harness.runListSearch({
			type,
			method: 'searchTagVersions',
			parameters: {
				resource: 'tagScore',
				operation: 'previewVideoScores',
				groupId: byId(scenes.id),
				tagId: byId(crowd),
			},
		});
		expect(versions.results.map((r) => r.value)).toContain(crowdVersion);
		const videos = await bed.harness.runListSearch({
			type,
			method: 'searchVideos',
			filter: 'stadium',
			parameters: {
				resource: 'tagScore',
				operation: 'getManyShotScores',
				datasetId: byId(SEED_DATASET_IDS.demoVideos),
			},
		});
		expect(videos.results[0]).toMatchObject({ name: 'stadium-005.mp4' });
	});
});

describe('Output, and as an AI tool a Limit of 10', () => {
	const scenes = groups.find((group) => group.name === 'scenes_core')!;
	const crowd = tagIdOf(scenes, 'crowd');
	const aggregation = aggregationsOf(scenes).find(
		(a) => a.tag.name === 'crowd' && a.datasetId === SEED_DATASET_IDS.demoVideos,
	)!;
	const scores = {
		resource: 'tagScore',
		operation: 'getManyVideoScores',
		groupId: byId(scenes.id),
		tagId: byId(crowd),
		aggregationId: byId(aggregation.id),
	};
	const SIMPLE_GROUP = [
		'group_description',
		'group_id',
		'group_version_id',
		'name',
		'status',
		'tags_count',
		'tags_preview',
		'updated_dt',
		'version_name',
	];

	test('Tag Group › Get Many: Simplified by default (9 of 18 fields), Raw whole, Selected Fields the chosen ones and group_id', async () => {
		const simple = await bed.harness.runNode({
			type,
			parameters: { resource: 'tagGroup', operation: 'getMany', limit: 3 },
		});
		expect(simple.items.map((item) => Object.keys(item.json).sort())).toEqual([
			SIMPLE_GROUP,
			SIMPLE_GROUP,
			SIMPLE_GROUP,
		]);
		const raw = await run({ returnAll: false, limit: 3 });
		expect(Object.keys(raw.items[0].json)).toHaveLength(18);
		const picked = await run({ returnAll: false, limit: 1, output: 'fields', fields: ['shareable'] });
		expect(Object.keys(picked.items[0].json)).toEqual(['group_id', 'shareable']);
	});

	test('video scores: Simplified by default, Raw whole', async () => {
		const simple = await bed.harness.runNode({ type, parameters: { ...scores, returnAll: true } });
		expect(simple.error).toBeUndefined();
		expect(simple.items.length).toBeGreaterThan(0);
		expect(simple.items.every((item) => !('video' in item.json) && !('group_name' in item.json))).toBe(true);
		const raw = await bed.harness.runNode({ type, parameters: { ...scores, returnAll: true, output: 'raw' } });
		expect(Object.keys(raw.items[0].json)).toEqual(
			expect.arrayContaining(['group_id', 'group_name', 'tag_version_id']),
		);
	});

	test('as an AI tool, Tag Group › Get Many returns 10 by default; a workflow step keeps 50', async () => {
		const asTool = await bed.harness.runNode({
			type: `${type}Tool`,
			parameters: { resource: 'tagGroup', operation: 'getMany' },
		});
		expect(asTool.items).toHaveLength(10);
		expect(
			(await bed.harness.runNode({ type, parameters: { resource: 'tagGroup', operation: 'getMany' } })).items,
		).toHaveLength(50);
		expect(bed.apiRequests().map((r) => r.query.per_page)).toEqual(['10', '50']);
	});
});
