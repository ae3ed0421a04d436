/* Dev-only: the sandbox's dynamic tag groups list, over plain HTTP. */
import { seedTagGroups } from '../../sandbox/dynamic-tags/model';
import { type Sandbox, startSandbox } from '../../sandbox/server';
import { apiClient } from './helpers';

const LIST = '/api/v3/dynamic-tags/groups';

describe('dynamic tag groups route', () => {
	let sandbox: Sandbox;
	let api: Awaited<ReturnType<typeof apiClient>>;

	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(() => sandbox.close());
	beforeEach(async () => {
		sandbox.reset();
		api = await apiClient(sandbox);
	});

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
		expect(names).toEqual(seedTagGroups().map((group) => group.name).sort());
	});

	it('rows have the DynamicTagGroupVersionResponse fields; include_* fill the previews, at most 10 each', async () => {
		const plain = await api.get(`${LIST}?name=cooking_core`);
		expect(Object.keys(plain.body.data[0]).sort()).toEqual([
			'all_draft_tags_reviewed_dt', 'created_dt', 'created_user_id', 'group_created_dt', 'group_created_user_id',
			'group_description', 'group_id', 'group_version_id', 'name', 'review_tags_visited_at', 'shareable', 'status',
			'tags_count', 'tags_preview', 'training_datasets', 'updated_dt', 'updated_user_id', 'version_name',
		]);
		expect(plain.body.data[0]).toMatchObject({ tags_preview: null, training_datasets: null });
		const full = await api.get(`${LIST}?per_page=100&include_tags=true&include_training_datasets=1`);
		expect(Math.max(...full.body.data.map((row: { tags_preview: unknown[] }) => row.tags_preview.length))).toBe(10);
		expect(Math.max(...full.body.data.map((row: { tags_count: number }) => row.tags_count))).toBe(20);
		expect(Math.max(...full.body.data.map((row: { training_datasets: unknown[] }) => row.training_datasets.length))).toBe(10);
	});

	it('reads arrays as repeated keys and ignores bracketed keys, as FastAPI does', async () => {
		const [a, b] = seedTagGroups().map((group) => group.id);
		const repeated = await api.get(`${LIST}?group_ids=${a}&group_ids=${b}`);
		expect(repeated.body.data.map((row: { group_id: string }) => row.group_id).sort()).toEqual([a, b].sort());
		const bracketed = await api.get(`${LIST}?group_ids[0]=${a}&per_page=100`);
		expect(bracketed.body.data).toHaveLength(60);
	});

	it('422 for per_page outside 1..100, page below 1, an unknown status, sort field or a malformed id', async () => {
		const reply = await api.get(`${LIST}?per_page=101&page=0&group_status=live&sort_field=colour&group_ids=x&sort_direction=up`);
		expect(reply.status).toBe(422);
		expect(reply.body.detail.map((entry: { loc: string[]; type: string }) => [entry.loc.join('.'), entry.type])).toEqual([
			['query.group_status', 'enum'],
			['query.group_ids.0', 'uuid_parsing'],
			['query.page', 'greater_than_equal'],
			['query.per_page', 'less_than_equal'],
			['query.sort_field', 'value_error'],
			['query.sort_direction', 'enum'],
		]);
	});
});
