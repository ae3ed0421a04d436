import { SEED_DATASET_IDS } from '../../sandbox/server';
import { useSandbox } from './helpers';

const { demoImages, demoVideos, demoMixed, demoArchived } = SEED_DATASET_IDS;

describe('GET /api/v1/datasets', () => {
	const { api } = useSandbox({ reset: false, client: true });
	const ids = async (query: string) => {
		const reply = await api.get(`/api/v1/datasets${query ? `?${query}` : ''}`);
		expect(reply.status).toBe(200);
		return reply.body.data.map((dataset: { id: string }) => dataset.id);
	};

	it('lists the active datasets in creation order with page meta', async () => {
		const reply = await api.get('/api/v1/datasets');

		expect(reply.status).toBe(200);
		expect(reply.body.meta).toEqual({
			page: { current_page: 1, last_page: 1, limit: 100, offset: 0, total: 3 },
		});
		expect(reply.body.data.map((dataset: { name: string }) => dataset.name)).toEqual([
			'demo_images',
			'demo_videos',
			'demo_mixed',
		]);
	});

	it('includes soft-deleted datasets with include_deleted=true', async () => {
		expect(await ids('include_deleted=true')).toEqual([demoArchived, demoImages, demoVideos, demoMixed]);
	});

	it.each([
		['dataset_ids', `dataset_ids=${demoMixed}&dataset_ids=${demoImages}`, [demoImages, demoMixed]],
		['dataset_ids (deleted one hidden)', `dataset_ids=${demoArchived}`, []],
		['status active', 'status=active', [demoImages, demoVideos, demoMixed]],
		['status deleted with include_deleted', 'status=deleted&include_deleted=true', [demoArchived]],
		[
			'status repeated',
			'status=deleted&status=active&include_deleted=true',
			[demoArchived, demoImages, demoVideos, demoMixed],
		],
		['allowed_asset_types video', 'allowed_asset_types=video', [demoVideos, demoMixed]],
		[
			'allowed_asset_types repeated',
			'allowed_asset_types=image&allowed_asset_types=video',
			[demoImages, demoVideos, demoMixed],
		],
		['keyframe_sampling_method', 'keyframe_sampling_method=uniform', [demoVideos]],
		['store_original false', 'store_original=false', [demoVideos]],
		['store_original 1', 'store_original=1', [demoImages, demoMixed]],
		['store_preview 0', 'store_preview=0', [demoMixed]],
		['created_before', 'created_before=2026-03-15T12:30:00Z', [demoImages]],
		['created_after', 'created_after=2026-03-15T12:30:00Z', [demoMixed]],
		[
			'created_after with offset',
			`created_after=${encodeURIComponent('2026-03-15T13:29:59+01:00')}`,
			[demoVideos, demoMixed],
		],
		['created_after as a date', 'created_after=2026-03-16', [demoMixed]],
		['last_updated_before (never updated counts creation)', 'last_updated_before=2026-02-01T00:00:00Z', [demoImages]],
		['last_updated_after', 'last_updated_after=2026-07-01T00:00:00Z', [demoMixed]],
		['name_pattern case-insensitive substring', 'name_pattern=VIDEO', [demoVideos]],
		['name_pattern matching several', 'name_pattern=demo_', [demoImages, demoVideos, demoMixed]],
		['new_video_data_model', 'new_video_data_model=true', [demoVideos, demoMixed]],
		['celebrity_detection_enabled', 'celebrity_detection_enabled=true', [demoVideos]],
		['context_studio_enabled false', 'context_studio_enabled=false', [demoImages, demoVideos]],
		['several filters together', 'allowed_asset_types=image&store_preview=true', [demoImages]],
		['the last value of a repeated scalar', 'store_original=true&store_original=false', [demoVideos]],
	])('filters by %s', async (_name, query, expected) => {
		expect(await ids(query)).toEqual(expected);
	});

	it('ignores bracketed array keys, as FastAPI does', async () => {
		expect(await ids('status[0]=deleted&status[1]=inactive')).toEqual([demoImages, demoVideos, demoMixed]);
		expect(await ids(`dataset_ids[0]=${demoVideos}`)).toEqual([demoImages, demoVideos, demoMixed]);
		expect(await ids('status%5B%5D=inactive')).toEqual([demoImages, demoVideos, demoMixed]);
	});

	it('pages with skip and limit', async () => {
		const first = await api.get('/api/v1/datasets?limit=2');
		const second = await api.get('/api/v1/datasets?limit=2&skip=2');
		const beyond = await api.get('/api/v1/datasets?limit=2&skip=4');

		expect(first.body.meta.page).toEqual({
			current_page: 1,
			last_page: 2,
			limit: 2,
			offset: 0,
			total: 3,
		});
		expect(first.body.data.map((d: { id: string }) => d.id)).toEqual([demoImages, demoVideos]);
		expect(second.body.meta.page).toEqual({
			current_page: 2,
			last_page: 2,
			limit: 2,
			offset: 2,
			total: 3,
		});
		expect(second.body.data.map((d: { id: string }) => d.id)).toEqual([demoMixed]);
		expect(beyond.body.meta.page).toMatchObject({ current_page: 3, total: 3 });
		expect(beyond.body.data).toEqual([]);
	});

	it('caps limit at 100 and reports the limit applied', async () => {
		const reply = await api.get('/api/v1/datasets?limit=500');

		expect(reply.body.meta.page.limit).toBe(100);
	});

	it('reports an empty result with total 0', async () => {
		const reply = await api.get('/api/v1/datasets?name_pattern=nothing_matches');

		expect(reply.body).toEqual({
			meta: { page: { current_page: 1, last_page: 1, limit: 100, offset: 0, total: 0 } },
			data: [],
		});
	});

	it.each([
		['limit=0', { loc: ['query', 'limit'], msg: 'Input should be greater than 0', type: 'greater_than' }],
		[
			'skip=-1',
			{
				loc: ['query', 'skip'],
				msg: 'Input should be greater than or equal to 0',
				type: 'greater_than_equal',
			},
		],
		[
			'limit=ten',
			{
				loc: ['query', 'limit'],
				msg: 'Input should be a valid integer, unable to parse string as an integer',
				type: 'int_parsing',
			},
		],
		[
			'store_preview=maybe',
			{
				loc: ['query', 'store_preview'],
				msg: 'Input should be a valid boolean, unable to interpret input',
				type: 'bool_parsing',
			},
		],
		[
			'status=active&status=gone',
			{
				loc: ['query', 'status', 1],
				msg: "Input should be 'active', 'inactive', 'deleting' or 'deleted'",
				type: 'enum',
			},
		],
		[
			`dataset_ids=${demoImages}&dataset_ids=nope`,
			{ loc: ['query', 'dataset_ids', 1], msg: expect.any(String), type: 'uuid_parsing' },
		],
		[
			'keyframe_sampling_method=random',
			{
				loc: ['query', 'keyframe_sampling_method'],
				msg: "Input should be 'intelligent' or 'uniform'",
				type: 'enum',
			},
		],
		[
			'created_before=yesterday',
			{
				loc: ['query', 'created_before'],
				msg: expect.any(String),
				type: 'datetime_from_date_parsing',
			},
		],
	])('answers 422 for %s', async (query, issue) => {
		const reply = await api.get(`/api/v1/datasets?${query}`);

		expect(reply.status).toBe(422);
		expect(reply.body).toEqual({ detail: [issue] });
	});

	it('reports every invalid query parameter at once', async () => {
		const reply = await api.get('/api/v1/datasets?limit=0&skip=-5&include_deleted=2');

		expect(reply.body.detail.map((issue: { loc: string[] }) => issue.loc[1])).toEqual([
			'skip',
			'limit',
			'include_deleted',
		]);
	});

	it('reads a + in an unencoded date-time as a space, like any form-decoding server', async () => {
		const reply = await api.get('/api/v1/datasets?created_after=2026-03-15T13:29:59+01:00');

		expect(reply.status).toBe(422);
	});
});
