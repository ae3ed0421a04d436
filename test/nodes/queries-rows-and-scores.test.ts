/* Dev-only: the Queries node's version 2 through n8n's engine against the sandbox: Run Query outputs the result rows in
	one node, Get Concept Scores gives each image of a dataset its score for a concept without SQL. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { SEED_QUERY_IDS } from '../../sandbox/queries/model';
import { SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../sandbox/server';
import { MediaAnalysisQueries } from '../../nodes/MediaAnalysisQueries/MediaAnalysisQueries.node';
import { conceptScoresSql } from '../../nodes/MediaAnalysisQueries/actions/query/getConceptScores.operation';
import { TYPES, useTestBed } from './setup';
import { byId, byName, fromList } from '../support/locators';

const bed = useTestBed();
const type = TYPES.queries;
const FAST = { queuedMs: 30, runningMs: 120, stoppingMs: 30 };
const POLL = { pollInterval: 0.1 };

const run = (parameters: Record<string, unknown>, options: { typeVersion?: number; inputItems?: IDataObject[] } = {}) =>
	bed.harness.runNode({ type, parameters: { resource: 'query', ...parameters }, ...options });

const images = { datasetId: byId(SEED_DATASET_IDS.demoImages) };
const runQuery = (query: string, extra: Record<string, unknown> = {}, typeVersion?: number) =>
	run({ operation: 'create', ...images, queryType: 'SQL', query, ...POLL, ...extra }, { typeVersion });

/** The queries the test created (the seeded ones aside). */
const created = () =>
	[...bed.sandbox.store.queries.records.values()].filter(
		(record) => !(Object.values(SEED_QUERY_IDS) as string[]).includes(record.id),
	);

beforeEach(() => {
	bed.sandbox.store.queries.timings = FAST;
});

describe('Run Query (version 2): the rows in one node', () => {
	const { description } = new MediaAnalysisQueries();

	test('new nodes are version 2; version 1 keeps its parameters (the snapshot holds both)', () => {
		expect(description.version).toEqual([1, 2]);
		expect(description.defaultVersion).toBe(2);
	});

	test('by default it waits and outputs the rows, as Get Results reads them for the same query', async () => {
		const { items, error } = await runQuery('SELECT * FROM images LIMIT 7');
		expect(error).toBeUndefined();
		expect(items).toHaveLength(7);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		const [query] = created();
		const requests = bed.apiRequests();
		expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/v1/queries', status: 201 });
		expect(requests.filter((r) => r.path === `/api/v1/queries/${query.id}/results`)).toHaveLength(1);
		const results = await run({ operation: 'getResults', queryId: byId(query.id), returnAll: true });
		expect(items.map((item) => item.json)).toEqual(results.items.map((item) => item.json));
	});

	test('its Limit and Return All are those of Get Results; each item its own rows, paired to it', async () => {
		const inputItems = [{ limit: 3 }, { limit: 5 }];
		const { items, error } = await run(
			{
				operation: 'create',
				...images,
				queryType: 'SQL',
				query: '={{ "SELECT * FROM images LIMIT " + $json.limit }}',
				limit: 4,
				...POLL,
			},
			{ inputItems },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([0, 0, 0, 1, 1, 1, 1]);
		const [count] = (await runQuery('SELECT count(*) AS n FROM images')).items;
		const all = await runQuery('SELECT * FROM images', { returnAll: true, limit: 4 });
		expect(all.items).toHaveLength(Number(count.json.n));
		expect(all.items.length).toBeGreaterThan(4);
	});

	test('Output: the file as binary data, or the query as it finished; Wait for Completion off: the query, Queued', async () => {
		const file = await runQuery('SELECT * FROM images LIMIT 4', { output: 'binary', binaryPropertyName: 'csv' });
		expect(file.error).toBeUndefined();
		expect(file.items).toHaveLength(1);
		expect(file.items[0].json).toMatchObject({ mime_type: expect.stringContaining('csv') });
		expect(file.items[0].binary?.csv).toBeDefined();

		const finished = await runQuery('SELECT * FROM images LIMIT 4', { output: 'query' });
		expect(finished.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ status: 'Complete', total_row_count: 4 }),
		]);

		bed.sandbox.clearRequestLog();
		const queued = await runQuery('SELECT * FROM images LIMIT 4', { waitForCompletion: false });
		expect(queued.items.map((item) => item.json)).toEqual([expect.objectContaining({ status: 'Queued' })]);
		expect(bed.apiRequests()).toHaveLength(1);
	});

	test('version 1 is unchanged: without Wait for Completion it returns the query, Queued, and with it the query', async () => {
		const queued = await runQuery('SELECT * FROM images LIMIT 4', {}, 1);
		expect(queued.items.map((item) => item.json)).toEqual([expect.objectContaining({ status: 'Queued' })]);
		// A value Output would take in version 2 changes nothing in version 1.
		const waited = await runQuery('SELECT * FROM images LIMIT 4', { waitForCompletion: true, output: 'rows' }, 1);
		expect(waited.items.map((item) => item.json)).toEqual([expect.objectContaining({ status: 'Complete' })]);
	});

	test('as an AI tool it waits and returns rows, 10 by default, not the Queued query', async () => {
		const { items, error } = await bed.harness.runNode({
			type: `${type}Tool`,
			parameters: { resource: 'query', operation: 'create', ...images, query: 'SELECT * FROM images', ...POLL },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(10);
		expect(items.every((item) => item.json.status === undefined)).toBe(true);
	});
});

/**
 * Every image of demo_images with its `beach` score, read with SQL written by hand through Run Query: what Get Concept
 * Scores must give, filtered and sorted, without writing any SQL.
 */
async function everyScore(): Promise<IDataObject[]> {
	const query = 'SELECT path, beach AS score, coactive_image_id AS asset_id FROM images';
	const { items, error } = await runQuery(query, { returnAll: true });
	expect(error).toBeUndefined();
	bed.sandbox.clearRequestLog();
	return items.map((item) => ({ ...item.json, concept: 'beach' }));
}

const above = (rows: IDataObject[], threshold: number) =>
	rows
		.filter((row) => Number(row.score) > threshold)
		.sort(
			(a, b) => Number(b.score) - Number(a.score) || (String(a.path) < String(b.path) ? -1 : a.path === b.path ? 0 : 1),
		);

describe('Get Concept Scores: each image with its score for a concept, no SQL to write', () => {
	const { properties } = new MediaAnalysisQueries().description;
	const scores = (extra: Record<string, unknown> = {}) =>
		run({
			operation: 'getConceptScores',
			datasetId: byName(SEED_DATASET_NAMES.demoImages),
			concept: fromList('beach'),
			threshold: 0.5,
			returnAll: true,
			options: POLL,
			...extra,
		});

	test('offered from version 2 on: version 1 keeps its operation list and gains no parameter', () => {
		const dropdowns = properties.filter(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === 'query',
		);
		const values = (p: INodeProperties) => (p.options as Array<{ value: string }>).map((option) => option.value);
		const v1 = dropdowns.find((p) => p.displayOptions?.hide?.['@version']);
		const v2 = dropdowns.find((p) => p.displayOptions?.show?.['@version']);
		expect(values(v1!)).not.toContain('getConceptScores');
		expect(values(v2!)).toContain('getConceptScores');
		const own = properties.filter((p) => p.displayOptions?.show?.operation?.includes('getConceptScores'));
		expect(own.length).toBeGreaterThan(3);
		expect(own.every((p) => JSON.stringify(p.displayOptions?.show?.['@version']) === '[{"_cnd":{"gte":2}}]')).toBe(
			true,
		);
		const concept = own.find((p) => p.name === 'concept');
		expect(concept?.hint).toMatch(/images table.*Table › Get Many/);
	});

	test('From list offers the concepts of the chosen dataset by name; none before a dataset is chosen', async () => {
		const listed = await bed.harness.runListSearch({
			type,
			method: 'searchConceptNames',
			parameters: { resource: 'query', operation: 'getConceptScores', ...images },
		});
		expect(listed.results.map((result) => result.value)).toEqual(['beach']);
		const none = await bed.harness.runListSearch({
			type,
			method: 'searchConceptNames',
			parameters: { resource: 'query', operation: 'getConceptScores' },
		});
		expect(none.results).toEqual([]);
	});

	test('every image above the threshold with its score, highest first, as SQL and Classify score it', async () => {
		const every = await everyScore();
		expect(every.length).toBeGreaterThan(10);
		const { items, error } = await scores({ threshold: 0.5 });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual(above(every, 0.5));
		expect(items.length).toBeGreaterThan(0);
		expect(items.length).toBeLessThan(every.length);
		// The query the node wrote: the table's own column names, the threshold as a number, nothing typed by the user.
		const body = bed.apiRequests().find((r) => r.method === 'POST' && r.path === '/api/v1/queries')?.body;
		expect(body).toEqual({
			dataset_id: SEED_DATASET_IDS.demoImages,
			query: conceptScoresSql('beach', 0.5, undefined),
			type: 'SQL',
		});
		// A sample checked against Classify Image: the images at a web address, each scored by the Concepts node.
		const sample = every.filter((row) => /^https?:\/\//.test(String(row.path))).slice(0, 3);
		expect(sample.length).toBeGreaterThan(0);
		for (const row of sample) {
			const classified = await bed.harness.runNode({
				type: TYPES.concepts,
				parameters: {
					resource: 'classification',
					operation: 'classifyImage',
					imageUrl: String(row.path),
					classifyAgainst: 'dataset',
					datasetId: byId(SEED_DATASET_IDS.demoImages),
				},
			});
			expect(classified.items[0]?.json.beach_score).toBe(row.score);
		}
	});

	test('a threshold no image passes gives no item; a Limit gives the highest scores only', async () => {
		const every = await everyScore();
		expect((await scores({ threshold: 1 })).items).toEqual([]);
		const top = await scores({ returnAll: false, limit: 2, threshold: 0 });
		expect(top.items.map((item) => item.json)).toEqual(above(every, 0).slice(0, 2));
		const sent = bed
			.apiRequests()
			.filter((r) => r.method === 'POST')
			.map((r) => (r.body as IDataObject).query);
		expect(sent).toEqual([conceptScoresSql('beach', 1, undefined), conceptScoresSql('beach', 0, 2)]);
	});

	test('a concept that is no column of the images table fails naming the columns, before any query is created', async () => {
		const { error } = await scores({ concept: byName('volcano') });
		expect(error?.message).toBe(
			`The images table of dataset ${SEED_DATASET_IDS.demoImages} has no column for the concept "volcano"`,
		);
		expect(String(error?.description)).toMatch(/Its columns: .*path/);
		expect(bed.apiRequests().filter((r) => r.method === 'POST')).toEqual([]);
	});

	test('a concept name that is no plain identifier never reaches the query text', async () => {
		for (const name of ['beach` > 0 --', 'beach; DROP TABLE images', "beach' OR 1=1", '1beach', 'beach scene']) {
			bed.sandbox.clearRequestLog();
			const { error } = await scores({ concept: byName(name) });
			expect(error?.message).toMatch(/^Invalid Concept in item 0: ".*" is not a concept name/);
			expect(bed.sandbox.requests).toEqual([]);
		}
	});

	test('the SQL is built from checked parts: quoted column names, the threshold a number, the limit a whole number', () => {
		expect(conceptScoresSql('beach', 0.8, 25)).toBe(
			[
				'SELECT `path` AS path, `beach` AS score, `coactive_image_id` AS asset_id',
				'FROM `images`',
				'WHERE `beach` > 0.8',
				'ORDER BY score DESC, path ASC',
				'LIMIT 25',
			].join('\n'),
		);
	});
});
