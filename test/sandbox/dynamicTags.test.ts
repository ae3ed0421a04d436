/* Dev-only: the sandbox's dynamic tag groups list, over plain HTTP. */
import { seedTagGroups } from '../../sandbox/dynamic-tags/model';
import { aggregationsOf, tagIdOf, tagVersionIdOf } from '../../sandbox/dynamic-tags/scores';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { useSandbox } from './helpers';

const LIST = '/api/v3/dynamic-tags/groups';

describe('dynamic tag groups route', () => {
	const { api } = useSandbox({ client: true });

	it('pages with page/per_page (default 25), has_next_page inside meta, and echoes the sort', async () => {
		const pages = await Promise.all([1, 2, 3].map((page) => api.get(`${LIST}?page=${page}`)));
		expect(pages.map((reply) => reply.body.data.length)).toEqual([25, 25, 10]);
		expect(pages.map((reply) => reply.body.meta)).toEqual([
			{ page: { page: 1, per_page: 25 }, has_next_page: true },
			{ page: { page: 2, per_page: 25 }, has_next_page: true },
			{ page: { page: 3, per_page: 25 }, has_next_page: false },
		]);
		expect(pages[0].body.sort).toEqual([{ field: 'name', direction: 'asc' }]);
		const names = pages.flatMap((reply) => reply.body.data.map((row: { name: string }) => row.name));
		expect(names).toEqual(
			seedTagGroups()
				.map((group) => group.name)
				.sort(),
		);
	});

	it('rows have the DynamicTagGroupVersionResponse fields; include_* fill the previews, at most 10 each', async () => {
		const plain = await api.get(`${LIST}?name=scenes_core`);
		expect(Object.keys(plain.body.data[0]).sort()).toEqual([
			'all_draft_tags_reviewed_dt',
			'created_dt',
			'created_user_id',
			'group_created_dt',
			'group_created_user_id',
			'group_description',
			'group_id',
			'group_version_id',
			'name',
			'review_tags_visited_at',
			'shareable',
			'status',
			'tags_count',
			'tags_preview',
			'training_datasets',
			'updated_dt',
			'updated_user_id',
			'version_name',
		]);
		expect(plain.body.data[0]).toMatchObject({ tags_preview: null, training_datasets: null });
		const full = await api.get(`${LIST}?per_page=100&include_tags=true&include_training_datasets=1`);
		expect(Math.max(...full.body.data.map((row: { tags_preview: unknown[] }) => row.tags_preview.length))).toBe(10);
		expect(Math.max(...full.body.data.map((row: { tags_count: number }) => row.tags_count))).toBe(20);
		expect(
			Math.max(...full.body.data.map((row: { training_datasets: unknown[] }) => row.training_datasets.length)),
		).toBe(10);
	});

	it('reads arrays as repeated keys and ignores bracketed keys, as FastAPI does', async () => {
		const [a, b] = seedTagGroups().map((group) => group.id);
		const repeated = await api.get(`${LIST}?group_ids=${a}&group_ids=${b}`);
		expect(repeated.body.data.map((row: { group_id: string }) => row.group_id).sort()).toEqual([a, b].sort());
		const bracketed = await api.get(`${LIST}?group_ids[0]=${a}&per_page=100`);
		expect(bracketed.body.data).toHaveLength(60);
	});

	it('422 for per_page outside 1..100, page below 1, an unknown status, sort field or a malformed id', async () => {
		const reply = await api.get(
			`${LIST}?per_page=101&page=0&group_status=live&sort_field=colour&group_ids=x&sort_direction=up`,
		);
		expect(reply.status).toBe(422);
		expect(
			reply.body.detail.map((entry: { loc: string[]; type: string }) => [entry.loc.join('.'), entry.type]),
		).toEqual([
			['query.group_status', 'enum'],
			['query.group_ids.0', 'uuid_parsing'],
			['query.page', 'greater_than_equal'],
			['query.per_page', 'less_than_equal'],
			['query.sort_field', 'value_error'],
			['query.sort_direction', 'enum'],
		]);
	});
});

describe('video-scores routes', () => {
	const { sandbox, api } = useSandbox({ client: true });
	const scenes = seedTagGroups().find((group) => group.name === 'scenes_core')!;
	const published = scenes.versions.find((version) => version.status === 'published')!;
	const base = `/api/v0/video-scores/groups/${scenes.id}/tags/${tagIdOf(scenes, 'crowd')}`;
	const version = tagVersionIdOf(published, 'crowd');
	const videos = SEED_DATASET_IDS.demoVideos;

	it('preview: required parameters, coverage_threshold for its strategy, LONGEST_RUN refused on PINOT', async () => {
		const missing = await api.get(`${base}/aggregations/-/result`);
		expect(missing.status).toBe(422);
		expect(missing.body.detail.map((d: { loc: string[]; type: string }) => [d.loc.join('.'), d.type])).toEqual([
			['query.tag_version_id', 'missing'],
			['query.dataset_id', 'missing'],
			['query.strategy', 'missing'],
			['query.min_conf', 'missing'],
		]);
		const query = `tag_version_id=${version}&dataset_id=${videos}&min_conf=0.5`;
		const coverage = await api.get(`${base}/aggregations/-/result?${query}&strategy=COVERAGE_THRESHOLD`);
		expect(coverage.status).toBe(422);
		const pinot = await api.get(`${base}/aggregations/-/result?${query}&strategy=LONGEST_RUN&engine=PINOT`);
		expect(pinot.status).toBe(400);
		const ok = await api.get(`${base}/aggregations/-/result?${query}&strategy=ANY_HIT`);
		expect(ok.status).toBe(200);
		expect(ok.body.data).toHaveLength(6);
		expect(ok.body.meta).toEqual({ page: { page: 1, per_page: 6 }, has_next_page: false });
		const short = await api.get(`${base}/aggregations/-/result?${query}&strategy=ANY_HIT&max_shot_length=5`);
		expect(short.body.data).toEqual([]);
	});

	it('a saved aggregation pages its results; count filters by criteria_met and accepted', async () => {
		const aggregation = aggregationsOf(scenes).find((a) => a.tag.name === 'crowd' && a.datasetId === videos)!;
		const first = await api.get(`${base}/aggregations/${aggregation.id}/result?per_page=4`);
		const second = await api.get(`${base}/aggregations/${aggregation.id}/result?per_page=4&page=2`);
		expect([
			first.body.data.length,
			first.body.meta.has_next_page,
			second.body.data.length,
			second.body.meta.has_next_page,
		]).toEqual([4, true, 2, false]);
		const count = await api.get(`${base}/aggregations/${aggregation.id}/result/count?criteria_met=false`);
		expect(count.body).toEqual({
			group_id: scenes.id,
			tag_id: tagIdOf(scenes, 'crowd'),
			aggregation_id: aggregation.id,
			count: 4,
			predicate: { criteria_met: false, accepted: null },
		});
		expect((await api.get(`${base}/aggregations/0f0e0d0c-0b0a-4908-8706-050403020100/result`)).status).toBe(404);
	});

	it('shot scores: min_conf must be greater than 0.1; an unknown dataset has no shot scores table', async () => {
		const video = [...sandbox.store.assets.values()].find((a) => a.datasetId === videos && a.kind === 'video')!;
		const path = `${base}/versions/${version}/videos/${video.id}/shot-scores`;
		expect((await api.get(`${path}?dataset_id=${videos}&min_conf=0.1`)).status).toBe(422);
		const none = await api.get(`${path}?dataset_id=0f0e0d0c-0b0a-4908-8706-050403020100`);
		expect(none.status).toBe(404);
		expect(none.body.detail).toMatch(/^Shot scores table not found for dataset/);
		const all = await api.get(`${path}?dataset_id=${videos}&min_conf=0.11`);
		expect(all.body.total_shot_count).toBe(all.body.data.length);
	});
});
