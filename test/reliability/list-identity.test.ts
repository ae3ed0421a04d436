/**
 * Lists read while their records change (issue 49, part 3), through n8n-core's WorkflowExecute against loopback
 * services: each record is told apart by its list's identity in the endpoint table (`asset_id`, `query_id`,
 * `user_id`, a group and its version, …), so a record that changes between pages comes out once, at its first place,
 * in the latest state read; records without a key are all kept, identical ones too.
 */
import type { IDataObject } from 'n8n-workflow';

import { MediaAnalysisAdministration } from '../../nodes/MediaAnalysisAdministration/MediaAnalysisAdministration.node';
import { MediaAnalysisDynamicTags } from '../../nodes/MediaAnalysisDynamicTags/MediaAnalysisDynamicTags.node';
import { MediaAnalysisIngestion } from '../../nodes/MediaAnalysisIngestion/MediaAnalysisIngestion.node';
import { MediaAnalysisQueries } from '../../nodes/MediaAnalysisQueries/MediaAnalysisQueries.node';
import { MediaAnalysisSearch } from '../../nodes/MediaAnalysisSearch/MediaAnalysisSearch.node';
import { ENDPOINTS } from '../../nodes/shared/endpoints';
import { TYPES } from '../nodes/setup';
import { byId } from '../support/locators';
import { useHostileBed, uuid } from './hostile/bed';
import { json } from './hostile/server';

const { harness, api } = useHostileBed({
	nodes: {
		administration: new MediaAnalysisAdministration(),
		dynamicTags: new MediaAnalysisDynamicTags(),
		ingestion: new MediaAnalysisIngestion(),
		queries: new MediaAnalysisQueries(),
		search: new MediaAnalysisSearch(),
	},
	access: 'access',
	personalToken: 'personal',
	retry: { baseDelayMs: 10 },
});

const JOB_ID = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const DATASET = uuid(9_999);

/** A list the service pages over, in its current order; `after` changes it once a page of it was served. */
interface Served {
	records: IDataObject[];
	/** Page requests served so far. */
	pages: number;
}

/** Serves `path` with `page(records, query)`, calling `after(served, first, size)` once each answer is built. */
function serve(
	path: RegExp,
	records: IDataObject[],
	page: (slice: IDataObject[], query: URLSearchParams, total: number) => unknown,
	after: (served: Served, first: number, size: number) => void,
): Served {
	const served: Served = { records, pages: 0 };
	api.handle = (_req, res, seen) => {
		const url = new URL(seen.path, api.url);
		if (!path.test(url.pathname)) return json(res, 404, { detail: 'Not Found' });
		const perPage = url.searchParams.get('per_page');
		const size = Number(perPage ?? url.searchParams.get('limit') ?? 100);
		const first = perPage ? (Number(url.searchParams.get('page')) - 1) * size : Number(url.searchParams.get('offset'));
		// The page as it stands now, whatever `after` changes next.
		const body = JSON.stringify(
			page(served.records.slice(first, first + size), url.searchParams, served.records.length),
		);
		served.pages++;
		after(served, first, size);
		json(res, 200, JSON.parse(body));
	};
	return served;
}

/** The records from `from` to `to` (both ends kept within the list), changed by `change`. */
function changeRange(records: IDataObject[], from: number, to: number, change: (record: IDataObject) => void) {
	for (const record of records.slice(Math.max(0, from), Math.max(0, to))) change(record);
}

/** Every record once, in the state the service holds last (no record changed after its last read). */
function expectLatest(items: Array<{ json: IDataObject }>, records: IDataObject[], key: string, fields: string[]) {
	const out = items.map((item) => item.json);
	expect(out).toHaveLength(records.length);
	expect(new Set(out.map((record) => record[key])).size).toBe(records.length);
	const latest = new Map(records.map((record) => [record[key], record]));
	for (const record of out) {
		const pick = (from: IDataObject | undefined) => fields.map((field) => from?.[field]);
		expect([record[key], ...pick(record)]).toEqual([record[key], ...pick(latest.get(record[key]))]);
	}
}

const assetStatus = (i: number): IDataObject => ({
	status: 'processing_started',
	asset_id: uuid(i),
	dataset_id: DATASET,
	error_code: null,
	error_reason: null,
	source_path: `s3://media/clip-${i}.mp4`,
	latest_event: { event_type: 'processing_started', event_entity: 'video', timestamp_dt: '2026-12-07T09:00:00Z' },
	asset_type: 'video',
});
/** An asset that finished: completed, or every seventh one in error. */
const finish = (asset: IDataObject) => {
	const failed = Number(String(asset.asset_id).slice(-4)) % 7 === 0;
	Object.assign(asset, {
		status: failed ? 'error' : 'completed',
		error_code: failed ? 'download_failed' : null,
		error_reason: failed ? 'The source could not be read' : null,
		latest_event: { event_type: failed ? 'error' : 'completed', event_entity: 'video', timestamp_dt: 'later' },
	});
};
const jobStatusPage = (slice: IDataObject[], _query: URLSearchParams, total: number) => ({
	data: { status: 'in_progress', assets: { meta: { page: { total } }, data: slice } },
});

describe('the identity of each list comes from the endpoint table', () => {
	test('every paged entry names what tells its records apart', () => {
		const paged = Object.entries(ENDPOINTS).filter(([, entry]) => 'pages' in entry && entry.pages);
		expect(paged.length).toBeGreaterThan(20);
		for (const [id, entry] of paged)
			expect([id, 'identity' in entry && entry.identity]).toEqual([id, expect.anything()]);
		expect(ENDPOINTS['ingestion.getJobStatus'].identity).toEqual(['asset_id']);
		expect(ENDPOINTS['dynamicTags.listGroups'].identity).toEqual(['group_id', 'group_version_id']);
	});
});

describe('offset pages with a total, read while records change between pages', () => {
	test('Ingestion › Get Job Status (Return All) while 300 assets finish: 300 items, each in its latest status', async () => {
		const records = Array.from({ length: 300 }, (_, i) => assetStatus(i));
		// After each page, its last asset (read again as the next page's first) and the next 11 finish.
		serve(/\/ingestion\/jobs\/[0-9a-f]{24}\/status$/, records, jobStatusPage, ({ records: all }, first, size) =>
			changeRange(all, first + size - 1, first + size + 11, finish),
		);
		const { items, error } = await harness.runNode({
			type: TYPES.ingestion,
			parameters: { resource: 'job', operation: 'getStatus', jobId: byId(JOB_ID), returnAll: true },
		});
		expect(error).toBeUndefined();
		expectLatest(items, records, 'asset_id', ['status', 'error_code']);
		expect(new Set(items.map((item) => item.json.status))).toEqual(
			new Set(['processing_started', 'completed', 'error']),
		);
	});

	test('Ingestion › Get Asset Statuses of a list ordered by latest change: finished assets move to its end, each comes out once', async () => {
		const records = Array.from({ length: 230 }, (_, i) => assetStatus(i));
		// After each of the first three pages, 6 assets already read finish and move to the end of the list.
		const served = serve(
			/\/ingestion\/datasets\/[0-9a-f-]{36}\/assets\/status$/,
			records,
			(slice, _query, total) => ({ meta: { page: { total } }, data: slice }),
			(list, first) => {
				if (list.pages > 3) return;
				const moved = list.records.splice(first + 10, 6);
				moved.forEach(finish);
				list.records.push(...moved);
			},
		);
		const { items, error } = await harness.runNode({
			type: TYPES.ingestion,
			parameters: { resource: 'dataset', operation: 'getAssetStatuses', datasetId: byId(DATASET), returnAll: true },
		});
		expect(error).toBeUndefined();
		expectLatest(items, served.records, 'asset_id', ['status']);
		// A moved asset stays where it was first listed.
		expect(items.slice(0, 20).map((item) => item.json.asset_id)).toEqual(Array.from({ length: 20 }, (_, i) => uuid(i)));
	});

	test('Administration › Users › Get Many while users log in: 250 users, each once with the latest login', async () => {
		const records: IDataObject[] = Array.from({ length: 250 }, (_, i) => ({
			user_id: `auth0|user-${i}`,
			name: `User ${i}`,
			email: `user${i}@example.com`,
			created_at: '2026-01-01T00:00:00Z',
			last_login: null,
		}));
		let clock = 0;
		serve(
			/\/auth-management\/users$/,
			records,
			(slice, _query, total) => ({ meta: { page: { total } }, users: slice }),
			({ records: all }, first, size) =>
				changeRange(all, first + size - 1, first + size + 5, (user) => {
					user.last_login = `2026-12-07T10:00:${String(++clock).padStart(2, '0')}Z`;
				}),
		);
		const { items, error } = await harness.runNode({
			type: TYPES.administration,
			parameters: { resource: 'user', operation: 'getMany', returnAll: true },
		});
		expect(error).toBeUndefined();
		expectLatest(items, records, 'user_id', ['last_login']);
	});
});

describe('offset pages with links, read while queries finish', () => {
	const query = (i: number): IDataObject => ({
		query_id: uuid(500 + i),
		query: `SELECT * FROM assets LIMIT ${i}`,
		type: 'SQL',
		status: 'Running',
		results: null,
		dataset_id: DATASET,
		created_dt: '2026-12-01T00:00:00Z',
		updated_dt: '2026-12-01T00:00:00Z',
		created_user_id: i % 3 === 0 ? 'auth0|owner' : 'auth0|other',
	});
	const complete = (record: IDataObject) =>
		Object.assign(record, { status: 'Complete', results: 's3://results/x.csv', updated_dt: '2026-12-07T10:00:00Z' });
	const linksPage = (slice: IDataObject[], query: URLSearchParams, total: number) => {
		const offset = Number(query.get('offset'));
		const next = offset + slice.length < total ? `/api/v1/queries?offset=${offset + slice.length}` : null;
		return { meta: { page: { current_page: 1, limit: slice.length, offset }, links: { next } }, data: slice };
	};
	const listQueries = (count: number) => {
		const records = Array.from({ length: count }, (_, i) => query(i));
		serve(/\/api\/v1\/queries$/, records, linksPage, ({ records: all }, first, size) =>
			changeRange(all, first + size - 1, first + size + 6, complete),
		);
		return records;
	};
	const run = (parameters: IDataObject) =>
		harness.runNode({
			type: TYPES.queries,
			parameters: { resource: 'query', operation: 'getMany', output: 'raw', ...parameters },
		});

	test('Queries › Get Many (Return All) over 250 queries: 250 items, each in its latest status', async () => {
		const records = listQueries(250);
		const { items, error } = await run({ returnAll: true });
		expect(error).toBeUndefined();
		expectLatest(items, records, 'query_id', ['status', 'results', 'updated_dt']);
	});

	test('a Limit of 150 counts queries, not reads: 150 distinct queries', async () => {
		listQueries(250);
		const { items, error } = await run({ returnAll: false, limit: 150 });
		expect(error).toBeUndefined();
		const ids = items.map((item) => item.json.query_id);
		expect(ids).toEqual(Array.from({ length: 150 }, (_, i) => uuid(500 + i)));
	});

	test('filtered here (User IDs, a GET-body filter): each match once, in its latest status', async () => {
		const records = listQueries(250);
		const { items, error } = await run({ returnAll: true, filters: { userIds: 'auth0|owner' } });
		expect(error).toBeUndefined();
		expectLatest(
			items,
			records.filter((record) => record.created_user_id === 'auth0|owner'),
			'query_id',
			['status', 'results'],
		);
	});
});

describe('page-numbered pages, read while statuses change', () => {
	const group = (i: number, version = 0): IDataObject => ({
		group_id: uuid(2_000 + i),
		group_version_id: uuid(3_000 + i * 2 + version),
		name: `Group ${String(i).padStart(3, '0')}`,
		version_name: version === 0 ? 'v1' : 'draft',
		status: 'updating',
		shareable: false,
		created_user_id: 'auth0|owner',
		updated_user_id: 'auth0|owner',
		created_dt: '2026-11-01T00:00:00Z',
		updated_dt: '2026-11-01T00:00:00Z',
		group_created_user_id: 'auth0|owner',
		group_created_dt: '2026-11-01T00:00:00Z',
		tags_preview: [],
		tags_count: 0,
		all_draft_tags_reviewed_dt: null,
		review_tags_visited_at: null,
	});
	const tagGroupPage = (slice: IDataObject[], query: URLSearchParams, total: number) => {
		const page = Number(query.get('page'));
		const perPage = Number(query.get('per_page'));
		return { meta: { page: { page, per_page: perPage }, has_next_page: page * perPage < total }, data: slice };
	};

	test('Dynamic Tags › Tag Groups (Return All) while 260 groups change status: 260 items, each in its latest status', async () => {
		const records = Array.from({ length: 260 }, (_, i) => group(i));
		// After each page, its last group (read again alone after the next page) and the next 9 change status.
		serve(/\/dynamic-tags\/groups$/, records, tagGroupPage, ({ records: all }, first, size) => {
			if (size === 1) return;
			changeRange(all, first + size - 1, first + size + 9, (record) => {
				record.status = record.status === 'updating' ? 'draft' : 'published';
				record.updated_dt = '2026-12-07T10:00:00Z';
			});
		});
		const { items, error } = await harness.runNode({
			type: TYPES.dynamicTags,
			parameters: { resource: 'tagGroup', operation: 'getMany', returnAll: true, output: 'raw' },
		});
		expect(error).toBeUndefined();
		expectLatest(items, records, 'group_id', ['status', 'updated_dt']);
	});

	test('a group listed with its draft and its published version is two records (a group and its version)', async () => {
		const records = Array.from({ length: 120 }, (_, i) => group(i));
		// Group 99 shows two versions across the page boundary (rows 99 and 100).
		records.splice(100, 0, { ...group(99, 1), status: 'draft' });
		serve(/\/dynamic-tags\/groups$/, records, tagGroupPage, () => undefined);
		const { items, error } = await harness.runNode({
			type: TYPES.dynamicTags,
			parameters: { resource: 'tagGroup', operation: 'getMany', returnAll: true, output: 'raw' },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.group_version_id)).toEqual(records.map((record) => record.group_version_id));
	});
});

describe('records listed more than once', () => {
	const job = (i: number): IDataObject => ({
		id: i.toString(16).padStart(24, '0'),
		org_id: 'org-1',
		dataset_id: DATASET,
		job_type: 'images',
		details: { assets: [] },
		file_path: null,
		status: 'completed',
		total_assets: 3,
		processed_assets: 3,
		errored_assets: 0,
	});

	/**
	 * Ingestion › Job › Get Many over `count` jobs with `copies` identical failed jobs without an ID (the document lets
	 * a job's id be null or absent) from row `at`, the list changed by `after` once a page of it was served.
	 */
	const listJobs = async (count: number, at: number, copies: number, after: (served: Served) => void) => {
		const failed: IDataObject = { ...job(0), id: null, status: 'failed', errored_assets: 3, processed_assets: 0 };
		const records = Array.from({ length: count - copies }, (_, i) => job(i + 1));
		records.splice(at, 0, ...Array.from({ length: copies }, () => ({ ...failed })));
		const listed = [...records];
		serve(/\/ingestion\/jobs$/, records, (slice) => ({ jobs: slice }), after);
		const { items, error } = await harness.runNode({
			type: TYPES.ingestion,
			parameters: { resource: 'job', operation: 'getMany', returnAll: true, output: 'raw' },
		});
		expect(error).toBeUndefined();
		return { listed, out: items.map((item) => item.json) };
	};

	test('identical jobs without an ID across a page boundary are all kept (no key tells them apart)', async () => {
		// Five of them hold rows 97 to 101 of 180.
		const { listed, out } = await listJobs(180, 97, 5, () => undefined);
		expect(out).toEqual(listed);
	});

	test('identical jobs without an ID at the page boundary, jobs removed ahead of the read meanwhile: all kept, none twice', async () => {
		// Four of them hold rows 98 to 101 of 160; after the first page the 12 newest jobs leave the list.
		const { listed, out } = await listJobs(160, 98, 4, (list) => {
			if (list.pages === 1) list.records.splice(0, 12);
		});
		// Each as first listed: the 12 read before they left, then the rest once.
		expect(out).toEqual(listed);
	});

	test('one asset listed five times across a page boundary comes out once, and every other asset once', async () => {
		const records = Array.from({ length: 190 }, (_, i) => assetStatus(i));
		finish(records[21]);
		const repeated = records[21];
		records.splice(96, 0, ...Array.from({ length: 5 }, () => ({ ...repeated })));
		serve(/\/ingestion\/jobs\/[0-9a-f]{24}\/status$/, records, jobStatusPage, () => undefined);
		const { items, error } = await harness.runNode({
			type: TYPES.ingestion,
			parameters: { resource: 'job', operation: 'getStatus', jobId: byId(JOB_ID), returnAll: true },
		});
		expect(error).toBeUndefined();
		const ids = items.map((item) => item.json.asset_id);
		expect(ids).toEqual(Array.from({ length: 190 }, (_, i) => uuid(i)));
	});
});

describe('search rankings (offset and limit in the body)', () => {
	test('images that move down the ranking between pages come out once, at their first rank', async () => {
		const image = (i: number): IDataObject => ({
			created_user_id: 'auth0|owner',
			created_dt: '2026-12-01T00:00:00Z',
			updated_user_id: 'auth0|owner',
			updated_dt: '2026-12-01T00:00:00Z',
			coactive_image_id: uuid(7_000 + i),
			path: `s3://media/photo-${i}.jpg`,
		});
		const ranking = Array.from({ length: 150 }, (_, i) => image(i));
		const firstRanked = [...ranking];
		let served = 0;
		api.handle = (_req, res, seen) => {
			if (!seen.path.endsWith('/api/v1/search/text-to-image')) return json(res, 404, { detail: 'Not Found' });
			const { offset, limit } = JSON.parse(seen.body) as { offset: number; limit: number };
			json(res, 200, { data: ranking.slice(offset, offset + limit) });
			// After the first page, five new images rank first: the last five of that page are on the next one too.
			if (++served === 1) ranking.unshift(...Array.from({ length: 5 }, (_, i) => image(500 + i)));
		};
		const { items, error } = await harness.runNode({
			type: TYPES.search,
			parameters: {
				resource: 'image',
				operation: 'searchByText',
				datasetId: byId(DATASET),
				textQuery: 'harbour at dusk',
				returnAll: true,
			},
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.coactive_image_id)).toEqual(
			firstRanked.map((record) => record.coactive_image_id),
		);
	});
});
