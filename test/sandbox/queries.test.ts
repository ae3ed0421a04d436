/* Dev-only: the sandbox's query routes behave like the service (lifecycle on the clock, codes, shapes, links). */
import { DEFAULT_ROW_COUNT, SEED_QUERY_IDS, outcomeOf } from '../../sandbox/queries/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { send, useSandbox } from './helpers';

const { sandbox, api } = useSandbox({ client: true });
beforeEach(() => {
	sandbox.clock.freeze();
	sandbox.store.queries.timings = { queuedMs: 1000, runningMs: 2000, stoppingMs: 500 };
});

const create = (query: string, extra: Record<string, unknown> = {}) =>
	api.post('/api/v1/queries', { dataset_id: SEED_DATASET_IDS.demoImages, query, ...extra });

describe('lifecycle', () => {
	test('Queued → Running → Complete on the sandbox clock, with start and end times and a row count', async () => {
		const created = await create('SELECT * FROM images');
		expect(created.status).toBe(201);
		expect(Object.keys(created.body).sort()).toEqual(
			[
				'created_dt',
				'created_user_id',
				'dataset_id',
				'end_dt',
				'parameters',
				'query',
				'query_id',
				'results',
				'start_dt',
				'status',
				'total_row_count',
				'type',
				'updated_dt',
				'updated_user_id',
			].sort(),
		);
		expect(created.body).toMatchObject({
			status: 'Queued',
			type: 'SQL',
			start_dt: null,
			results: null,
			total_row_count: null,
		});
		const path = `/api/v1/queries/${created.body.query_id}`;
		sandbox.clock.advance(1000);
		expect((await api.get(path)).body).toMatchObject({ status: 'Running', start_dt: expect.any(String), end_dt: null });
		// Later timing changes do not touch a run already started.
		sandbox.store.queries.timings = { queuedMs: 0, runningMs: 999_999, stoppingMs: 0 };
		sandbox.clock.advance(2000);
		const done = (await api.get(path)).body;
		expect(done).toMatchObject({
			status: 'Complete',
			total_row_count: DEFAULT_ROW_COUNT,
			results: expect.stringMatching(/\.csv$/),
		});
		expect(Date.parse(done.end_dt) - Date.parse(done.start_dt)).toBe(2000);
	});

	test('outcomes follow the query text', () => {
		expect(outcomeOf({ type: 'SQL', query: 'SELECT 1 LIMIT 7' })).toEqual({ kind: 'complete', rows: 7 });
		expect(outcomeOf({ type: 'SQL', query: 'SELECT 1/0' })).toEqual({ kind: 'error', message: 'division by zero' });
		expect(outcomeOf({ type: 'SQL', query: 'SELECT 1/0.5' })).toEqual({ kind: 'complete', rows: DEFAULT_ROW_COUNT });
		expect(outcomeOf({ type: 'SQL', query: 'UPDATE x' })).toEqual({
			kind: 'error',
			message: 'syntax error at or near "UPDATE"',
		});
		expect(outcomeOf({ type: 'NATURAL_LANGUAGE', query: 'an impossible question' }).kind).toBe('error');
	});

	test('stop, cancel and run move the status as documented; conflicts are 409', async () => {
		const { body } = await create('SELECT 1');
		const path = `/api/v1/queries/${body.query_id}`;
		expect((await api.post(`${path}/stop`)).body.status).toBe('Stopping');
		expect((await api.post(`${path}/stop`)).body.status).toBe('Stopping');
		expect((await api.post(`${path}/run`)).status).toBe(409);
		sandbox.clock.advance(500);
		expect((await api.get(path)).body.status).toBe('Stopped');
		expect((await api.post(`${path}/cancel`)).status).toBe(409);
		const rerun = await api.post(`${path}/run`);
		expect(rerun.status).toBe(201);
		expect(rerun.body).toMatchObject({ status: 'Queued', updated_user_id: expect.any(String) });
		expect((await api.post(`${path}/cancel`)).body).toMatchObject({ status: 'Stopped', end_dt: expect.any(String) });
	});

	test('422 for a malformed id, invalid SQL with check_validity, an empty query; 404 for unknown ids and datasets', async () => {
		const malformed = await api.get('/api/v1/queries/nope');
		expect(malformed.body.detail[0]).toMatchObject({ loc: ['path', 'query_id'], type: 'uuid_parsing' });
		expect((await create('DELETE FROM x')).body.detail[0]).toMatchObject({
			loc: ['body', 'query'],
			type: 'value_error',
		});
		expect((await create('DELETE FROM x', { check_validity: false })).status).toBe(201);
		expect((await create('')).body.detail[0]).toMatchObject({ loc: ['body', 'query'], type: 'string_too_short' });
		expect((await api.get('/api/v1/queries/0f0e0d0c-0b0a-4908-8706-050403020100')).status).toBe(404);
		const noDataset = await api.post('/api/v1/queries', {
			dataset_id: '0f0e0d0c-0b0a-4908-8706-050403020100',
			query: 'SELECT 1',
		});
		expect(noDataset.status).toBe(404);
		const otherEmbedding = await create('SELECT 1', { embedding_id: '0f0e0d0c-0b0a-4908-8706-050403020100' });
		expect(otherEmbedding.status).toBe(400);
	});
});

describe('list', () => {
	test('code filters: a natural-language query has code once it started running', async () => {
		const { body } = await api.post('/api/v1/queries', {
			dataset_id: SEED_DATASET_IDS.demoVideos,
			query: 'dogs?',
			type: 'NATURAL_LANGUAGE',
		});
		const withoutCode = async () =>
			(await api.get('/api/v1/queries?exclude_code=true')).body.data.map((q: { query_id: string }) => q.query_id);
		expect(await withoutCode()).toEqual([body.query_id]);
		sandbox.clock.advance(1000);
		expect(await withoutCode()).toEqual([]);
	});

	test('the optional GET body filters by ids and users; links page like the connections list', async () => {
		const reply = await api.get('/api/v1/queries?limit=1', { exclude_user_ids: ['sandbox-demo-user'] });
		expect(reply.body.data.map((q: { query_id: string }) => q.query_id)).toEqual([SEED_QUERY_IDS.videosQuestion]);
		const page = await api.get('/api/v1/queries?limit=2');
		expect(page.body.meta).toEqual({
			page: { current_page: 1, limit: 2, offset: 0 },
			links: { current: '/api/v1/queries?limit=2&offset=0', previous: null, next: '/api/v1/queries?limit=2&offset=2' },
		});
		const bad = await api.get('/api/v1/queries', { query_ids: ['x'] });
		expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'query_ids', 0], type: 'uuid_parsing' });
	});
});

describe('results links and exports', () => {
	const linkOf = async (query = '') =>
		(await api.get(`/api/v1/queries/${SEED_QUERY_IDS.imagesComplete}/results${query}`)).body.download_url as string;
	const fetchLink = (url: string) => send(sandbox.url, 'GET', url.slice(sandbox.url.length));

	test('a signed link serves the CSV without a token; direct or download disposition', async () => {
		const download = await fetchLink(await linkOf());
		expect(download.status).toBe(200);
		expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
		expect(download.headers['content-disposition']).toBe(`attachment; filename="${SEED_QUERY_IDS.imagesComplete}.csv"`);
		expect(download.text.split('\r\n')[0]).toBe('row_number,asset_id,asset_type,path,score');
		expect(download.text.trim().split('\r\n')).toHaveLength(121);
		const direct = await fetchLink(await linkOf('?url_format=direct'));
		expect(direct.headers['content-disposition']).toMatch(/^inline;/);
	});

	test('a tampered or expired link is refused (403); a link of an earlier run is gone (404)', async () => {
		const url = await linkOf('?expiration_seconds=60');
		expect((await fetchLink(url.replace('disposition=attachment', 'disposition=inline'))).status).toBe(403);
		sandbox.clock.advance(61_000);
		const expired = await fetchLink(url);
		expect(expired.status).toBe(403);
		expect(expired.text).toMatch(/expired/);
		const fresh = await linkOf();
		sandbox.store.queries.timings = { queuedMs: 0, runningMs: 0, stoppingMs: 0 };
		await api.post(`/api/v1/queries/${SEED_QUERY_IDS.imagesComplete}/run`);
		expect((await fetchLink(fresh)).status).toBe(404);
		expect(
			(await api.get(`/api/v1/queries/${SEED_QUERY_IDS.imagesComplete}/results?expiration_seconds=0`)).status,
		).toBe(422);
	});

	test('exports: null connection means the built-in one; export_type defaults to CSV', async () => {
		const reply = await api.post(`/api/v1/queries/${SEED_QUERY_IDS.imagesComplete}/exports`, {
			connection_name: null,
			target_bucket: 'b',
			target_prefix: '',
		});
		expect(reply.status).toBe(200);
		expect(Object.keys(reply.body).sort()).toEqual(['export_id', 'message', 'query_id', 'status']);
		expect(sandbox.store.queries.exports[0]).toMatchObject({
			connectionName: 'coactive',
			exportType: 'CSV',
			rows: 120,
		});
		const missing = await api.post(`/api/v1/queries/${SEED_QUERY_IDS.imagesComplete}/exports`, { target_prefix: '' });
		expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'target_bucket'], type: 'missing' });
	});
});
