/* Dev-only: the Queries node through n8n's engine against the sandbox over real HTTP. */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { newRun, type QueryRecord, SEED_QUERY_IDS } from '../../sandbox/queries/model';
import { conceptScore, SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { searchableAssets } from '../../sandbox/search/media';
import { SEED_CONNECTION_NAMES } from '../../sandbox/connections/model';
import { DEMO_SYSTEM_USER_ID, DEMO_USER_ID } from '../../sandbox/seed';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { apiClient } from '../sandbox/helpers';
import { MediaAnalysisQueries } from '../../nodes/MediaAnalysisQueries/MediaAnalysisQueries.node';
import { TYPES, useTestBed } from './setup';
import { byId, byName, fromList } from '../support/locators';

const bed = useTestBed();
const type = TYPES.queries;
const UNKNOWN = '0f0e0d0c-0b0a-4908-8706-050403020100';
const FAST = { queuedMs: 30, runningMs: 120, stoppingMs: 30 };
const SLOW = { queuedMs: 0, runningMs: 600_000, stoppingMs: 600_000 };
const WAIT = { waitForCompletion: true, pollInterval: 0.1, waitTimeout: 30 };
/** The seeded complete query reads every image of demo_images: its 24 images (LIMIT 120 cuts none). */
const SEEDED_ROWS = 24;

const run = (
	parameters: Record<string, unknown>,
	inputItems?: IDataObject[],
	continueOnFail = false,
	typeVersion?: number,
) =>
	bed.harness.runNode({
		type,
		parameters: { resource: 'query', ...parameters },
		inputItems,
		continueOnFail,
		typeVersion,
	});

/** Run Query of version 1, which outputs the query (version 2's rows: queries-rows-and-scores.test.ts). */
const createQuery = (query: string, extra: Record<string, unknown> = {}) =>
	run(
		{ operation: 'create', datasetId: byId(SEED_DATASET_IDS.demoImages), queryType: 'SQL', query, ...extra },
		undefined,
		false,
		1,
	);

const records = () => [...bed.sandbox.store.queries.records.values()];

function addQueries(count: number) {
	const base = Date.parse('2026-05-01T00:00:00Z');
	for (let i = 0; i < count; i++) {
		const record: QueryRecord = {
			id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
			datasetId: SEED_DATASET_IDS.demoVideos,
			query: `SELECT ${i}`,
			type: 'SQL',
			parameters: null,
			embeddingId: null,
			createdAt: base + i * 1000,
			createdBy: DEMO_USER_ID,
			updatedAt: base + i * 1000,
			updatedBy: null,
			run: newRun(1, base + i * 1000, bed.sandbox.store.queries.timings),
		};
		bed.sandbox.store.queries.records.set(record.id, record);
	}
}

describe('The panel', () => {
	const { properties } = new MediaAnalysisQueries().description;
	const shownFor = (operation: string) =>
		properties.filter(
			(p) =>
				p.displayOptions?.show?.resource?.[0] === 'query' && p.displayOptions?.show?.operation?.includes(operation),
		);

	test('"Run a query" finds the operation that runs SQL; one Cancel; Re-Run for a finished query', () => {
		const dropdown = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === 'query',
		);
		const options = (dropdown?.options ?? []) as Array<{ name: string; value: string; action: string }>;
		const byValue = Object.fromEntries(options.map((option) => [option.value, option]));
		expect(byValue.create).toMatchObject({ name: 'Run Query', action: 'Run a SQL or natural language query' });
		expect(byValue.run).toMatchObject({ name: 'Re-Run Query', action: 'Run a finished query again' });
		expect(
			options.filter((option) => /cancel|stop/i.test(`${option.name} ${option.action}`)).map((option) => option.value),
		).toEqual(['cancel']);
		expect(dropdown?.default).toBe('create');
		const mode = shownFor('cancel').find((p) => p.name === 'cancelMode');
		expect(mode?.default).toBe('cancel');
		expect((mode?.options as Array<{ value: string }>).map((option) => option.value)).toEqual(['cancel', 'stop']);
	});

	test("SQL is written in n8n's SQL editor, pointed at the dataset's tables; a question in plain text; no table picker", () => {
		const fields = shownFor('create');
		const queries = fields.filter((p) => p.name === 'query');
		const sql = queries.find((p) => p.displayOptions?.show?.queryType?.[0] === 'SQL');
		const words = queries.find((p) => p.displayOptions?.show?.queryType?.[0] === 'NATURAL_LANGUAGE');
		expect(queries).toHaveLength(2);
		expect(sql?.typeOptions).toEqual({ editor: 'sqlEditor', sqlDialect: 'StandardSQL' });
		expect(sql?.hint).toMatch(/Table › Get Many/);
		expect(words?.typeOptions).toEqual({ rows: 4 });
		expect(fields.map((p) => p.name)).not.toContain('tableHelper');
		expect(fields.some((p) => p.type === 'options' && p.typeOptions?.loadOptionsMethod)).toBe(false);
	});
});

describe('Query: Create (Run Query, version 1)', () => {
	test('creates a SQL query with every field and waits until it is Complete', async () => {
		bed.sandbox.store.queries.timings = FAST;
		const embeddings = await bed.harness.runListSearch({
			type,
			method: 'searchEmbeddings',
			parameters: { resource: 'query', operation: 'create', datasetId: byId(SEED_DATASET_IDS.demoImages) },
		});
		expect(embeddings.results).toHaveLength(1);
		const embeddingId = embeddings.results[0].value as string;
		bed.sandbox.clearRequestLog();

		const { items, error } = await createQuery('SELECT * FROM images LIMIT 7', {
			...WAIT,
			additionalFields: {
				checkValidity: true,
				dynamicTagsVersion: 'v2',
				embeddingId: fromList(embeddingId),
				parameters: '{"min_score": 0.5}',
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			status: 'Complete',
			total_row_count: 7,
			dataset_id: SEED_DATASET_IDS.demoImages,
		});
		const requests = bed.apiRequests();
		expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/v1/queries', status: 201 });
		expect(requests[0].body).toEqual({
			dataset_id: SEED_DATASET_IDS.demoImages,
			query: 'SELECT * FROM images LIMIT 7',
			type: 'SQL',
			check_validity: true,
			dynamic_tags_version: 'v2',
			embedding_id: embeddingId,
			parameters: { min_score: 0.5 },
		});
		const polls = requests.slice(1);
		expect(polls.length).toBeGreaterThan(0);
		expect(polls.every((r) => r.method === 'GET' && r.path === `/api/v1/queries/${items[0].json.query_id}`)).toBe(true);
	});

	test('without waiting, the node returns the Queued query at once', async () => {
		const { items } = await run(
			{
				operation: 'create',
				datasetId: byId(SEED_DATASET_IDS.demoVideos),
				queryType: 'NATURAL_LANGUAGE',
				query: 'Which videos show a dog?',
			},
			undefined,
			false,
			1,
		);
		expect(items[0].json).toMatchObject({ status: 'Queued', type: 'NATURAL_LANGUAGE', results: null });
		expect(bed.apiRequests()).toHaveLength(1);
	});

	test("a query that ends in Error fails fast with the service's reason", async () => {
		bed.sandbox.store.queries.timings = FAST;
		const { error } = await createQuery('SELECT count(*) FROM images WHERE score > 0.8', {
			...WAIT,
			additionalFields: { checkValidity: false },
		});
		const [record] = records().filter(
			(r) =>
				r.query === 'SELECT count(*) FROM images WHERE score > 0.8' &&
				r.createdBy === DEMO_USER_ID &&
				r.id !== SEED_QUERY_IDS.mixedError,
		);
		expect(error?.message).toBe(`Query ${record.id} failed: status Error: no such column: score`);
		expect(error?.description).toMatch(/^Correct the query/);
		expect(error?.context?.itemIndex).toBe(0);
	});

	test('with Check Validity the service refuses bad SQL (422); without it the run ends in Error', async () => {
		const checked = await createQuery('DROP TABLE images');
		expect(checked.error?.message).toBe(
			'The Media Analysis Service rejected the request as invalid: query: Value error, the query is not valid SQL: a query can only read the tables: attempt to write a readonly database',
		);
		const syntax = await createQuery('SELECT path FROM images WHERE');
		expect(syntax.error?.message).toBe(
			'The Media Analysis Service rejected the request as invalid: query: Value error, the query is not valid SQL: incomplete input',
		);
		bed.sandbox.store.queries.timings = FAST;
		const unchecked = await createQuery('DROP TABLE images', { ...WAIT, additionalFields: { checkValidity: false } });
		expect(unchecked.error?.message).toMatch(
			/^Query [0-9a-f-]{36} failed: status Error: a query can only read the tables: attempt to write a readonly database$/,
		);
	});

	test('a query stopped by someone else while waiting fails and says so', async () => {
		bed.sandbox.store.queries.timings = { ...SLOW, stoppingMs: 0 };
		const api = await apiClient(bed.sandbox);
		const running = createQuery('SELECT * FROM images', WAIT);
		// Wait until the node has created it, then cancel it as another user would.
		let created: QueryRecord | undefined;
		while (!created) {
			await sleep(20);
			created = records().find((r) => r.query === 'SELECT * FROM images');
		}
		expect((await api.post(`/api/v1/queries/${created.id}/cancel`)).status).toBe(200);
		const { error } = await running;
		expect(error?.message).toBe(
			`Query ${created.id} failed: it was stopped before it finished (status Stopped), so it has no results`,
		);
		expect(error?.description).toMatch(/Run it again with Re-Run Query/);
	});

	test('waiting past the timeout fails with the last status seen', async () => {
		bed.sandbox.store.queries.timings = SLOW;
		const { error } = await createQuery('SELECT * FROM images', {
			waitForCompletion: true,
			pollInterval: 0.2,
			waitTimeout: 1,
		});
		expect(error?.message).toMatch(/^Query [0-9a-f-]{36} did not finish within 1 seconds \(last status: Running\)$/);
		expect(error?.description).toMatch(/It is still running on the service/);
	});

	test('an unknown dataset is a 404 naming the dataset; bad input is refused before any request', async () => {
		const missing = await run({ operation: 'create', datasetId: byId(UNKNOWN), queryType: 'SQL', query: 'SELECT 1' });
		expect(missing.error?.message).toBe('Dataset not found');
		bed.sandbox.clearRequestLog();
		const emptyQuery = await createQuery('={{ "  " }}');
		expect(emptyQuery.error?.message).toBe('Invalid Query in item 0: it is empty');
		const badDataset = await run(
			{ operation: 'create', datasetId: byId('={{ $json.id }}'), queryType: 'SQL', query: 'SELECT 1' },
			[{ id: 'images' }],
		);
		expect(badDataset.error?.message).toBe('Invalid Dataset in item 0: "images" is not a UUID');
		const badJson = await createQuery('SELECT 1', { additionalFields: { parameters: '{"a": ' } });
		expect(badJson.error?.message).toMatch(/^Invalid Parameters \(JSON\) in item 0: it is not valid JSON/);
		const notObject = await createQuery('SELECT 1', { additionalFields: { parameters: '[1, 2]' } });
		expect(notObject.error?.message).toBe('Invalid Parameters (JSON) in item 0: it is not a JSON object');
		const badTimeout = await createQuery('SELECT 1', { waitForCompletion: true, pollInterval: 1, waitTimeout: 0 });
		expect(badTimeout.error?.message).toBe('Invalid Timeout in item 0: "0" is out of range');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Query: Get, Re-Run, Cancel, Delete', () => {
	test('gets a query by ID or from the list; 404 for an unknown one; a malformed ID never leaves', async () => {
		const { items } = await run({ operation: 'get', queryId: byId(SEED_QUERY_IDS.imagesComplete), output: 'raw' });
		expect(items[0].json).toMatchObject({
			status: 'Complete',
			total_row_count: SEEDED_ROWS,
			created_user_id: DEMO_USER_ID,
		});
		const listed = await run({ operation: 'get', queryId: fromList(SEED_QUERY_IDS.mixedError) });
		expect(listed.items[0].json).toMatchObject({ status: 'Error', results: 'no such column: score' });
		const missing = await run({ operation: 'get', queryId: byId(UNKNOWN) });
		expect(missing.error?.message).toBe('Query not found');
		bed.sandbox.clearRequestLog();
		const malformed = await run({ operation: 'get', queryId: byId('={{ $json.id }}') }, [{ id: 'q-1' }]);
		expect(malformed.error?.message).toBe('Invalid Query in item 0: "q-1" is not a UUID');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('Re-Run Query starts a finished query again (201) and waits; an active one is a 409', async () => {
		bed.sandbox.store.queries.timings = FAST;
		const again = await run({ operation: 'run', queryId: byId(SEED_QUERY_IDS.imagesComplete), ...WAIT });
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({
			query_id: SEED_QUERY_IDS.imagesComplete,
			status: 'Complete',
			updated_user_id: DEMO_USER_ID,
		});
		expect(bed.apiRequests()[0]).toMatchObject({
			method: 'POST',
			path: `/api/v1/queries/${SEED_QUERY_IDS.imagesComplete}/run`,
			status: 201,
		});
		const failing = await run({ operation: 'run', queryId: byId(SEED_QUERY_IDS.mixedError), ...WAIT });
		expect(failing.error?.message).toBe(
			`Query ${SEED_QUERY_IDS.mixedError} failed: status Error: no such column: score`,
		);

		bed.sandbox.store.queries.timings = SLOW;
		await run({ operation: 'run', queryId: byId(SEED_QUERY_IDS.imagesComplete) });
		const busy = await run({ operation: 'run', queryId: byId(SEED_QUERY_IDS.imagesComplete) });
		expect(busy.error?.message).toMatch(/^The Media Analysis Service answered with status 409: Query .* is Running/);
	});

	test('Cancel Gracefully goes through Stopping to Stopped; Cancel At Once stops at once; a finished query is a 409', async () => {
		bed.sandbox.store.queries.timings = { queuedMs: 0, runningMs: 600_000, stoppingMs: 5_000 };
		bed.sandbox.clock.freeze();
		const created = await createQuery('SELECT * FROM images');
		const id = created.items[0].json.query_id as string;
		bed.sandbox.clearRequestLog();
		const stopping = await run({ operation: 'cancel', cancelMode: 'stop', queryId: byId(id) });
		expect(stopping.items[0].json.status).toBe('Stopping');
		expect(bed.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([`POST /api/v1/queries/${id}/stop`]);
		bed.sandbox.clock.advance(5_000);
		expect((await run({ operation: 'get', queryId: byId(id) })).items[0].json.status).toBe('Stopped');
		const stopDone = await run({ operation: 'cancel', cancelMode: 'stop', queryId: byId(id) });
		expect(stopDone.error?.message).toMatch(
			/status 409: Query .* is Stopped; only a queued or running query can be stopped$/,
		);

		const other = await createQuery('SELECT 2');
		const otherId = other.items[0].json.query_id as string;
		bed.sandbox.clearRequestLog();
		// At Once is the default Mode.
		const cancelled = await run({ operation: 'cancel', queryId: byId(otherId) });
		expect(cancelled.items[0].json).toMatchObject({ status: 'Stopped', end_dt: expect.any(String) });
		expect(bed.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([`POST /api/v1/queries/${otherId}/cancel`]);
		const cancelDone = await run({
			operation: 'cancel',
			cancelMode: 'cancel',
			queryId: byId(SEED_QUERY_IDS.imagesComplete),
		});
		expect(cancelDone.error?.message).toMatch(
			/status 409: Query .* is Complete; only a queued, running or stopping query can be cancelled$/,
		);
		const unknown = await run({ operation: 'cancel', queryId: byId(UNKNOWN) });
		expect(unknown.error?.message).toBe('Query not found');
	});

	test('Delete answers {deleted: true, id} with the query as it was; afterwards it is gone', async () => {
		const deleted = await run({ operation: 'delete', queryId: byId(SEED_QUERY_IDS.videosQuestion) });
		expect(deleted.items[0].json).toMatchObject({
			deleted: true,
			id: SEED_QUERY_IDS.videosQuestion,
			response: { query_id: SEED_QUERY_IDS.videosQuestion },
		});
		const again = await run({ operation: 'delete', queryId: byId(SEED_QUERY_IDS.videosQuestion) });
		expect(again.error?.message).toBe('Query not found');
	});
});

describe('Query: Get Many', () => {
	test('Return All follows meta.links.next through every page once', async () => {
		addQueries(230);
		const { items, error } = await run({ operation: 'getMany', returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(233);
		expect(new Set(items.map((i) => i.json.query_id)).size).toBe(233);
		expect(bed.apiRequests().map((r) => r.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '99', limit: '100' },
			{ offset: '198', limit: '100' },
		]);
	});

	test('Limit asks for no more than needed', async () => {
		addQueries(30);
		const { items } = await run({ operation: 'getMany', limit: 7 });
		expect(items).toHaveLength(7);
		expect(bed.apiRequests().map((r) => r.query)).toEqual([{ offset: '0', limit: '7' }]);
	});

	test('query filters go in the query string; IDs and users are matched by the node, since n8n sends no GET body', async () => {
		const { items, error } = await run({
			operation: 'getMany',
			returnAll: true,
			filters: {
				status: 'Complete',
				datasetId: fromList(SEED_DATASET_IDS.demoImages),
				queryType: 'SQL',
				excludeNoCode: true,
				queryIds: `${SEED_QUERY_IDS.imagesComplete}, ${SEED_QUERY_IDS.mixedError}`,
				userIds: `${DEMO_USER_ID}, someone-else`,
				excludeUserIds: DEMO_SYSTEM_USER_ID,
			},
		});
		expect(error).toBeUndefined();
		const [request] = bed.apiRequests();
		expect(request).toMatchObject({ method: 'GET', path: '/api/v1/queries', status: 200 });
		expect(request.query).toEqual({
			status: 'Complete',
			dataset_id: SEED_DATASET_IDS.demoImages,
			query_types: 'SQL',
			exclude_no_code: 'true',
			offset: '0',
			limit: '100',
		});
		expect(request.body).toBeNull();
		expect(items.map((i) => i.json.query_id)).toEqual([SEED_QUERY_IDS.imagesComplete]);
	});

	test('user and code filters select what the service holds; a malformed query ID never leaves', async () => {
		const system = await run({ operation: 'getMany', returnAll: true, filters: { userIds: DEMO_SYSTEM_USER_ID } });
		expect(system.items.map((i) => i.json.query_id)).toEqual([SEED_QUERY_IDS.videosQuestion]);
		const notSystem = await run({
			operation: 'getMany',
			returnAll: true,
			filters: { excludeUserIds: DEMO_SYSTEM_USER_ID },
		});
		expect(notSystem.items.map((i) => i.json.query_id).sort()).toEqual(
			[SEED_QUERY_IDS.imagesComplete, SEED_QUERY_IDS.mixedError].sort(),
		);
		const errors = await run({ operation: 'getMany', returnAll: true, filters: { status: 'Error' } });
		// The natural-language one too: the sandbox cannot translate a question into SQL.
		expect(errors.items.map((i) => i.json.query_id)).toEqual([
			SEED_QUERY_IDS.videosQuestion,
			SEED_QUERY_IDS.mixedError,
		]);
		const questions = await run({ operation: 'getMany', returnAll: true, filters: { queryType: 'NATURAL_LANGUAGE' } });
		expect(questions.items.map((i) => i.json.query_id)).toEqual([SEED_QUERY_IDS.videosQuestion]);
		expect(bed.apiRequests().every((r) => r.path === '/api/v1/queries')).toBe(true);
		bed.sandbox.clearRequestLog();
		const bad = await run({ operation: 'getMany', returnAll: true, filters: { queryIds: 'abc' } });
		expect(bad.error?.message).toBe('Invalid Query IDs in item 0: "abc" is not a UUID');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Query: Get Results', () => {
	const seeded = () => bed.sandbox.store.queries.records.get(SEED_QUERY_IDS.imagesComplete) as QueryRecord;

	test('Rows: every row of the results file as an item, fetched without the Media Analysis token', async () => {
		const { items, error } = await run({
			operation: 'getResults',
			queryId: byId(SEED_QUERY_IDS.imagesComplete),
			output: 'rows',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		// Every image of demo_images with its columns as the images table holds them, the concept beach scored.
		const beach = bed.sandbox.store.concepts.concepts.get(SEED_CONCEPT_IDS.beach);
		const labels = bed.sandbox.store.concepts.labels.get(SEED_CONCEPT_IDS.beach);
		if (!beach) throw new Error('The sandbox has no seeded beach concept');
		const images = searchableAssets(bed.sandbox.store.assets, seeded().datasetId);
		expect(images).toHaveLength(SEEDED_ROWS);
		expect(items.map((i) => i.json)).toEqual(
			images.map((asset) => ({
				coactive_image_id: asset.id,
				dataset_id: asset.datasetId,
				path: asset.path,
				created_dt: new Date(asset.createdAt).toISOString(),
				metadata: JSON.stringify(asset.metadata),
				beach: conceptScore(beach, { kind: 'image', asset }, labels),
			})),
		);
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		const [link, file] = bed.apiRequests();
		expect(link).toMatchObject({
			method: 'GET',
			path: `/api/v1/queries/${SEED_QUERY_IDS.imagesComplete}/results`,
			authScheme: 'bearer',
		});
		expect(file).toMatchObject({
			method: 'GET',
			path: `/sandbox-storage/query-results/${SEED_QUERY_IDS.imagesComplete}.csv`,
			status: 200,
			authScheme: null,
		});
	});

	test('Rows with a Limit stop at the limit', async () => {
		const { items } = await run({
			operation: 'getResults',
			queryId: byId(SEED_QUERY_IDS.imagesComplete),
			output: 'rows',
			limit: 10,
		});
		const images = searchableAssets(bed.sandbox.store.assets, seeded().datasetId);
		expect(items.map((i) => i.json.coactive_image_id)).toEqual(images.slice(0, 10).map((asset) => asset.id));
	});

	test("Download Link: the service's link, with format and lifetime as asked", async () => {
		const { items, error } = await run({
			operation: 'getResults',
			queryId: byId(SEED_QUERY_IDS.imagesComplete),
			output: 'link',
			urlFormat: 'direct',
			expirationSeconds: 60,
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			query_id: SEED_QUERY_IDS.imagesComplete,
			download_url: expect.stringContaining('disposition=inline'),
		});
		expect(bed.apiRequests()[0].query).toEqual({ url_format: 'direct', expiration_seconds: '60' });
	});

	test('a query that is not Complete has no results (409); an unknown one is a 404', async () => {
		const failed = await run({
			operation: 'getResults',
			queryId: byId(SEED_QUERY_IDS.mixedError),
			output: 'rows',
			returnAll: true,
		});
		expect(failed.error?.message).toBe(
			`The Media Analysis Service answered with status 409: Query ${SEED_QUERY_IDS.mixedError} is Error. Its results are available once it is Complete.`,
		);
		const missing = await run({ operation: 'getResults', queryId: byId(UNKNOWN), output: 'link' });
		expect(missing.error?.message).toBe('Query not found');
	});
});

describe('Query: Export', () => {
	test("exports to the service's own storage when no connection is chosen, or through a named connection", async () => {
		const own = await run({
			operation: 'export',
			queryId: byId(SEED_QUERY_IDS.imagesComplete),
			exportType: 'DELTA',
			targetBucket: 'exports',
			targetPrefix: 'q/',
		});
		expect(own.error).toBeUndefined();
		expect(own.items[0].json).toMatchObject({
			query_id: SEED_QUERY_IDS.imagesComplete,
			export_id: expect.any(String),
			status: 'Queued',
		});
		expect(bed.apiRequests()[0].body).toEqual({ export_type: 'DELTA', target_bucket: 'exports', target_prefix: 'q/' });
		const viaConnection = await run({
			operation: 'export',
			queryId: byId(SEED_QUERY_IDS.imagesComplete),
			exportType: 'CSV',
			targetBucket: 'demo-media-bucket',
			targetPrefix: '',
			connection: fromList(SEED_CONNECTION_NAMES.s3),
		});
		expect(viaConnection.error).toBeUndefined();
		expect(bed.apiRequests()[1].body).toEqual({
			export_type: 'CSV',
			target_bucket: 'demo-media-bucket',
			target_prefix: '',
			connection_name: SEED_CONNECTION_NAMES.s3,
		});
		expect(bed.sandbox.store.queries.exports.map((e) => [e.connectionName, e.exportType, e.rows])).toEqual([
			['coactive', 'DELTA', SEEDED_ROWS],
			[SEED_CONNECTION_NAMES.s3, 'CSV', SEEDED_ROWS],
		]);
	});

	test('errors say why: connection in error, unknown connection, query not complete, empty bucket', async () => {
		const exportWith = (connection: unknown, queryId = SEED_QUERY_IDS.imagesComplete) =>
			run({
				operation: 'export',
				queryId: byId(queryId),
				exportType: 'CSV',
				targetBucket: 'b',
				targetPrefix: 'p',
				connection,
			});
		const broken = await exportWith(byName(SEED_CONNECTION_NAMES.broken));
		expect(broken.error?.message).toBe(
			`The Media Analysis Service answered with status 409: Connection '${SEED_CONNECTION_NAMES.broken}' is error; test it until it is ready`,
		);
		const unknown = await exportWith(byName('no_such_one'));
		expect(unknown.error?.message).toBe("Query not found: Connection 'no_such_one' not found");
		const notComplete = await exportWith(fromList(''), SEED_QUERY_IDS.mixedError);
		expect(notComplete.error?.message).toMatch(
			/status 409: Query .* is Error\. It can be exported available once it is Complete\.$/,
		);
		bed.sandbox.clearRequestLog();
		const empty = await run({
			operation: 'export',
			queryId: byId(SEED_QUERY_IDS.imagesComplete),
			exportType: 'CSV',
			targetBucket: '={{ "" }}',
		});
		expect(empty.error?.message).toBe('Invalid Target Bucket in item 0: it is empty');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Query locator: From list', () => {
	test('searches query text; the value is the query ID', async () => {
		const found = await bed.harness.runListSearch({ type, method: 'searchQueries', filter: 'beach' });
		expect(found.results).toEqual([
			{
				name: 'Which videos show a beach?',
				value: SEED_QUERY_IDS.videosQuestion,
				description: 'NATURAL_LANGUAGE, Error',
			},
		]);
	});
});

describe('Output, and as an AI tool a Limit of 10', () => {
	const SIMPLE = [
		'dataset_id',
		'end_dt',
		'query',
		'query_id',
		'results',
		'start_dt',
		'status',
		'total_row_count',
		'type',
	];

	test('Get and Get Many: Simplified by default (9 of the 14 fields), Raw the whole query, Selected Fields the chosen ones and query_id', async () => {
		const simple = await run({ operation: 'get', queryId: byId(SEED_QUERY_IDS.imagesComplete) });
		expect(Object.keys(simple.items[0].json).sort()).toEqual(SIMPLE);
		expect(simple.items[0].json).toMatchObject({ status: 'Complete', total_row_count: SEEDED_ROWS });
		const raw = await run({ operation: 'get', queryId: byId(SEED_QUERY_IDS.imagesComplete), output: 'raw' });
		expect(Object.keys(raw.items[0].json)).toHaveLength(14);
		const picked = await run({ operation: 'getMany', returnAll: true, output: 'fields', fields: ['created_user_id'] });
		expect(picked.items.map((i) => Object.keys(i.json))).toEqual(
			picked.items.map(() => ['query_id', 'created_user_id']),
		);
		// The user filters read fields that Simplified leaves out: they filter before the output is shaped.
		const mine = await run({ operation: 'getMany', returnAll: true, filters: { userIds: DEMO_SYSTEM_USER_ID } });
		expect(mine.items.map((i) => Object.keys(i.json).sort())).toEqual([SIMPLE]);
	});

	test('as an AI tool, Get Many and Get Results (Rows) return 10 by default; a workflow step keeps 50', async () => {
		addQueries(60);
		const tool = (parameters: Record<string, unknown>) =>
			bed.harness.runNode({ type: `${type}Tool`, parameters: { resource: 'query', ...parameters } });
		expect((await tool({ operation: 'getMany' })).items).toHaveLength(10);
		expect((await run({ operation: 'getMany' })).items).toHaveLength(50);
		// A complete query of 60 rows.
		const sixty: QueryRecord = {
			...records()[0],
			id: '00000000-0000-4000-8000-000000000600',
			query: 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT 60) SELECT x FROM n',
			run: newRun(1, Date.parse('2026-05-01T00:00:00Z'), bed.sandbox.store.queries.timings),
		};
		bed.sandbox.store.queries.records.set(sixty.id, sixty);
		const rows = await tool({ operation: 'getResults', queryId: byId(sixty.id) });
		expect(rows.error).toBeUndefined();
		expect(rows.items.map((i) => i.json.x)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
		const step = await run({ operation: 'getResults', queryId: byId(sixty.id) });
		expect(step.items.map((i) => i.json.x)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
	});
});
