/* Dev-only: the sandbox's query routes behave like the service (lifecycle on the clock, codes, shapes, links), and
 * its SQL is real: executed on SQLite over the dataset's tables, concept columns scored as Classify scores. */
import { parseCsv } from '../../nodes/MediaAnalysisQueries/actions/query/results';
import { SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { DEFAULT_SQL_TIMEOUT_MS, NATURAL_LANGUAGE_REFUSED, SEED_QUERY_IDS } from '../../sandbox/queries/model';
import { searchableAssets } from '../../sandbox/search/media';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { send, useSandbox } from './helpers';

/** demo_images holds 24 completed images (sandbox/README.md, Demo data). */
const DEMO_IMAGES_COUNT = 24;

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
			total_row_count: DEMO_IMAGES_COUNT,
			results: expect.stringMatching(/\.csv$/),
		});
		expect(Date.parse(done.end_dt) - Date.parse(done.start_dt)).toBe(2000);
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
			msg: 'Value error, the query is not valid SQL: no such table: x',
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
	test('code filters: a SQL query has code; a natural-language one never does here (no SQL is written for it)', async () => {
		const { body } = await api.post('/api/v1/queries', {
			dataset_id: SEED_DATASET_IDS.demoVideos,
			query: 'dogs?',
			type: 'NATURAL_LANGUAGE',
		});
		const ids = async (filter: string) =>
			(await api.get(`/api/v1/queries?${filter}`)).body.data.map((q: { query_id: string }) => q.query_id);
		const withoutCode = [SEED_QUERY_IDS.videosQuestion, body.query_id];
		expect(await ids('exclude_code=true')).toEqual(withoutCode);
		sandbox.clock.advance(3000);
		expect(await ids('exclude_code=true')).toEqual(withoutCode);
		expect(await ids('exclude_no_code=true')).toEqual([SEED_QUERY_IDS.imagesComplete, SEED_QUERY_IDS.mixedError]);
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
		expect(download.text.split('\r\n')[0]).toBe('coactive_image_id,dataset_id,path,created_dt,metadata,beach');
		expect(download.text.trim().split('\r\n')).toHaveLength(DEMO_IMAGES_COUNT + 1);
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
			rows: DEMO_IMAGES_COUNT,
		});
		const missing = await api.post(`/api/v1/queries/${SEED_QUERY_IDS.imagesComplete}/exports`, { target_prefix: '' });
		expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'target_bucket'], type: 'missing' });
	});
});

describe("SQL over the dataset's tables", () => {
	/** Runs SQL to its end (the run finishes at once) and reads its rows from the results file, or its error. */
	async function runSql(query: string, extra: Record<string, unknown> = {}) {
		sandbox.store.queries.timings = { queuedMs: 0, runningMs: 0, stoppingMs: 0 };
		const created = await create(query, extra);
		expect(created.status).toBe(201);
		const done = (await api.get(`/api/v1/queries/${created.body.query_id}`)).body;
		if (done.status !== 'Complete') return { status: done.status, results: done.results, count: done.total_row_count };
		const link = (await api.get(`/api/v1/queries/${done.query_id}/results`)).body.download_url as string;
		const file = await send(sandbox.url, 'GET', link.slice(sandbox.url.length));
		return { status: done.status, count: done.total_row_count, rows: parseCsv(file.text) };
	}
	const images = () =>
		searchableAssets(sandbox.store.assets, SEED_DATASET_IDS.demoImages).filter((asset) => asset.kind === 'image');
	const classify = async (url: string) =>
		(await api.post('/api/v1/classify/image/url', { url, conceptIds: [SEED_CONCEPT_IDS.beach] })).body.scores[0]
			.score as number;

	test('WHERE and ORDER BY: the images a concept scores above a threshold, best first, as Classify scores them', async () => {
		const all = await runSql('SELECT path, beach FROM images');
		expect(all.rows?.map((row) => row.path)).toEqual(images().map((image) => image.path));
		const above = await runSql('SELECT path, beach FROM images WHERE beach > 0.8 ORDER BY beach DESC');
		const expected = (all.rows ?? [])
			.filter((row) => (row.beach as number) > 0.8)
			.sort((a, b) => (b.beach as number) - (a.beach as number));
		expect(above).toMatchObject({ status: 'Complete', count: expected.length });
		expect(above.rows).toEqual(expected);
		// Not every image, not none: the beach images only (three of 24, one of them labelled positive).
		expect(above.rows?.map((row) => String(row.path).replace(/^.*\//, ''))).toEqual([
			'beach-000.jpg',
			'beach-008.jpg',
			'beach-016.jpg',
		]);
	});

	test("a concept column holds Classify's score of each image at an http(s) address, labels included", async () => {
		const { rows } = await runSql("SELECT path, beach FROM images WHERE path LIKE 'https://%' ORDER BY created_dt");
		expect(rows).toHaveLength(8);
		for (const row of rows ?? []) expect(await classify(String(row.path))).toBe(row.beach);
		const byName = Object.fromEntries((rows ?? []).map((row) => [String(row.path).replace(/^.*\//, ''), row.beach]));
		// beach-000 is labelled positive (0.9–1), city-001 negative (0–0.1).
		expect(byName['beach-000.jpg']).toBeGreaterThanOrEqual(0.9);
		expect(byName['city-001.jpg']).toBeLessThanOrEqual(0.1);
	});

	test('LIMIT and OFFSET cut the ordered rows', async () => {
		const ids = images().map((image) => image.id);
		const first = await runSql('SELECT coactive_image_id FROM images ORDER BY created_dt LIMIT 5');
		expect(first.rows?.map((row) => row.coactive_image_id)).toEqual(ids.slice(0, 5));
		const next = await runSql('SELECT coactive_image_id FROM images ORDER BY created_dt LIMIT 5 OFFSET 5');
		expect(next.rows?.map((row) => row.coactive_image_id)).toEqual(ids.slice(5, 10));
	});

	test('aggregates: count, GROUP BY over the metadata, a join of the video tables', async () => {
		expect((await runSql('SELECT count(*) AS n FROM images')).rows).toEqual([{ n: DEMO_IMAGES_COUNT }]);
		expect((await runSql("SELECT count(*) AS n FROM images WHERE path LIKE 'https://%'")).rows).toEqual([{ n: 8 }]);
		const topics = await runSql(
			"SELECT json_extract(metadata, '$.topic') AS topic, count(*) AS n FROM assets GROUP BY topic ORDER BY topic",
		);
		expect(topics.rows).toEqual(
			['beach', 'city', 'concert', 'forest', 'kitchen', 'mountain', 'office', 'stadium'].map((topic) => ({
				topic,
				n: 3,
			})),
		);
		const videos = await create(
			'SELECT v.path, count(*) AS frames FROM keyframes k JOIN videos v USING (coactive_video_id) GROUP BY v.path ORDER BY frames DESC LIMIT 1',
			{ dataset_id: SEED_DATASET_IDS.demoVideos },
		);
		sandbox.clock.advance(3000);
		expect((await api.get(`/api/v1/queries/${videos.body.query_id}`)).body).toMatchObject({
			status: 'Complete',
			total_row_count: 1,
		});
	});

	test('a syntax error: 422 at create with check_validity, a run that ends in Error without it; no results', async () => {
		const checked = await create('SELEC path FROM images');
		expect(checked.status).toBe(422);
		expect(checked.body.detail).toEqual([
			{
				loc: ['body', 'query'],
				msg: 'Value error, the query is not valid SQL: near "SELEC": syntax error',
				type: 'value_error',
			},
		]);
		const unchecked = await runSql('SELEC path FROM images', { check_validity: false });
		expect(unchecked).toEqual({ status: 'Error', results: 'near "SELEC": syntax error', count: null });
		const [failed] = [...sandbox.store.queries.records.values()].filter((record) => record.query.startsWith('SELEC '));
		expect((await api.get(`/api/v1/queries/${failed.id}/results`)).status).toBe(409);
	});

	test('errors as SQL reports them: an unknown column, two statements, a write, too many rows, too long', async () => {
		const error = async (query: string) => (await runSql(query, { check_validity: false })).results;
		expect(await error('SELECT score FROM images')).toBe('no such column: score');
		expect(await error('SELECT 1; SELECT 2')).toBe('a query runs one SQL statement; this one holds more than one');
		expect(await error('DELETE FROM images')).toBe(
			'a query can only read the tables: attempt to write a readonly database',
		);
		expect(
			await error('WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT 100001) SELECT x FROM n'),
		).toBe('the result has more than 100000 rows, more than the sandbox keeps; add a LIMIT');
		sandbox.store.queries.sqlTimeoutMs = 300;
		const endless = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n';
		expect(await error(endless)).toBe("the query ran longer than 0.3 s, the sandbox's limit, and was stopped");
		// The engine starts anew for the next query.
		sandbox.store.queries.sqlTimeoutMs = DEFAULT_SQL_TIMEOUT_MS;
		expect((await runSql('SELECT count(*) AS n FROM images')).rows).toEqual([{ n: DEMO_IMAGES_COUNT }]);
		// check_validity compiles and takes one step: a write is refused at create.
		expect((await create('DELETE FROM images')).body.detail[0].msg).toBe(
			'Value error, the query is not valid SQL: a query can only read the tables: attempt to write a readonly database',
		);
	});

	test('rows kept are bounded: past maxKeptRows the oldest run loses its rows, and its results file says so', async () => {
		sandbox.store.queries.maxKeptRows = 30;
		const linkOf = async (id: string) =>
			(await api.get(`/api/v1/queries/${id}/results`)).body.download_url.slice(sandbox.url.length) as string;
		const ids: string[] = [];
		for (let i = 0; i < 2; i++) {
			sandbox.store.queries.timings = { queuedMs: 0, runningMs: 0, stoppingMs: 0 };
			const created = await create(`SELECT path FROM images LIMIT ${20 - i}`);
			expect(created.body).toMatchObject({ status: 'Complete', total_row_count: 20 - i });
			ids.push(created.body.query_id);
		}
		const [older, newer] = ids;
		const dropped = await send(sandbox.url, 'GET', await linkOf(older));
		expect(dropped).toMatchObject({ status: 404 });
		expect(dropped.text).toBe(
			'NoSuchKey: the sandbox dropped the rows of this run to keep at most 30 result rows; run the query again',
		);
		// Its status and count stay; the newer run's rows are there.
		expect((await api.get(`/api/v1/queries/${older}`)).body).toMatchObject({ status: 'Complete', total_row_count: 20 });
		expect(parseCsv((await send(sandbox.url, 'GET', await linkOf(newer))).text)).toHaveLength(19);
	});

	test('a natural-language query says the sandbox cannot translate it, and has no rows', async () => {
		const question = await runSql('Which images show a beach?', { type: 'NATURAL_LANGUAGE' });
		expect(question).toEqual({ status: 'Error', results: NATURAL_LANGUAGE_REFUSED, count: null });
		expect(NATURAL_LANGUAGE_REFUSED).toMatch(/cannot translate natural language into SQL/);
		expect((await api.get(`/api/v1/queries/${SEED_QUERY_IDS.videosQuestion}`)).body).toMatchObject({
			status: 'Error',
			results: NATURAL_LANGUAGE_REFUSED,
			total_row_count: null,
		});
	});

	test('the tables list every column with its type, one double column per concept, and follow the concepts', async () => {
		const fields = async (table: string) =>
			(await api.get(`/api/v1/datasets/${SEED_DATASET_IDS.demoImages}/tables/${table}`)).body.table_schema.fields.map(
				(field: { name: string; type: string }) => `${field.name}:${field.type}`,
			);
		expect(await fields('images')).toEqual([
			'coactive_image_id:string',
			'dataset_id:string',
			'path:string',
			'created_dt:timestamp',
			'metadata:map<string,string>',
			'beach:double',
		]);
		expect(await fields('assets')).toEqual([
			'asset_id:string',
			'asset_type:string',
			'dataset_id:string',
			'path:string',
			'created_dt:timestamp',
			'metadata:map<string,string>',
		]);
		const sunset = await api.post('/api/v1/concepts', { datasetId: SEED_DATASET_IDS.demoImages, name: 'sunset' });
		expect(sunset.status).toBe(200);
		expect((await fields('images')).slice(-2)).toEqual(['beach:double', 'sunset:double']);
		expect((await runSql('SELECT sunset FROM images LIMIT 1')).rows).toEqual([{ sunset: expect.any(Number) }]);
		// Quoted as SQL does, or as Spark SQL does; names ignore case.
		const quoted = await runSql('SELECT "sunset" AS a, `beach` AS b, BEACH AS c FROM images LIMIT 1');
		expect(quoted.rows).toEqual([{ a: expect.any(Number), b: expect.any(Number), c: expect.any(Number) }]);
		expect(quoted.rows?.[0].b).toBe(quoted.rows?.[0].c);
		// A concept named like a fixed column, or like another concept ignoring case, would clash as a column.
		for (const name of ['path', 'Beach']) {
			const clash = await api.post('/api/v1/concepts', { datasetId: SEED_DATASET_IDS.demoImages, name });
			expect(clash.status).toBe(400);
			expect(clash.body.detail).toMatch(new RegExp(`^Invalid concept name '${name}'`));
		}
		const videoTables = (await api.get(`/api/v1/datasets/${SEED_DATASET_IDS.demoVideos}/tables`)).body.tables;
		const keyframes = videoTables.find((table: { name: string }) => table.name === 'keyframes');
		expect(keyframes.table_schema.fields.at(-1)).toEqual({
			name: 'stadium',
			type: 'double',
			nullable: false,
			metadata: {},
		});
	});
});
