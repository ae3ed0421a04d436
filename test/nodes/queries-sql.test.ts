/* Dev-only: SQL through the Queries node in n8n's engine, answered by the sandbox's real SQL engine over the
 * dataset's tables; a concept's column agrees with the Concepts node's Classify Image of the same image. */
import { SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { NATURAL_LANGUAGE_REFUSED } from '../../sandbox/queries/model';
import { searchableAssets } from '../../sandbox/search/media';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { byId, fromList } from '../support/locators';
import { TYPES, useTestBed } from './setup';

const bed = useTestBed();
const WAIT = { waitForCompletion: true, pollInterval: 0.1, waitTimeout: 30 };

beforeEach(() => {
	bed.sandbox.store.queries.timings = { queuedMs: 20, runningMs: 60, stoppingMs: 20 };
});

/** Run Query over demo_images, waiting for it to finish; it outputs the query (Output: Query and Status). */
const runQuery = (query: string, extra: Record<string, unknown> = {}) =>
	bed.harness.runNode({
		type: TYPES.queries,
		parameters: {
			output: 'query',
			resource: 'query',
			operation: 'create',
			datasetId: byId(SEED_DATASET_IDS.demoImages),
			queryType: 'SQL',
			query,
			...WAIT,
			...extra,
		},
	});

/** Run Query (SQL, waiting), then Get Results › Rows of it: the rows as the node outputs them. */
async function rowsOf(sql: string) {
	const created = await runQuery(sql);
	expect(created.error).toBeUndefined();
	expect(created.items[0].json.status).toBe('Complete');
	const results = await bed.harness.runNode({
		type: TYPES.queries,
		parameters: {
			resource: 'query',
			operation: 'getResults',
			queryId: byId(created.items[0].json.query_id as string),
			output: 'rows',
			returnAll: true,
		},
	});
	expect(results.error).toBeUndefined();
	expect(created.items[0].json.total_row_count).toBe(results.items.length);
	return results.items.map((item) => item.json);
}

const imagesOfDemo = () =>
	searchableAssets(bed.sandbox.store.assets, SEED_DATASET_IDS.demoImages).filter((asset) => asset.kind === 'image');

describe('Run Query and Get Results: SQL as SQL behaves', () => {
	test('WHERE and ORDER BY: the images the concept beach scores above 0.8, best first', async () => {
		const all = await rowsOf('SELECT path, beach FROM images');
		expect(all.map((row) => row.path)).toEqual(imagesOfDemo().map((image) => image.path));
		const expected = all
			.filter((row) => (row.beach as number) > 0.8)
			.sort((a, b) => (b.beach as number) - (a.beach as number));
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(all.length);
		expect(await rowsOf('SELECT path, beach FROM images WHERE beach > 0.8 ORDER BY beach DESC')).toEqual(expected);
	});

	test('LIMIT, and count(*) as one row', async () => {
		const limited = await rowsOf('SELECT coactive_image_id FROM images ORDER BY created_dt DESC LIMIT 3');
		expect(limited.map((row) => row.coactive_image_id)).toEqual(
			imagesOfDemo()
				.slice(-3)
				.reverse()
				.map((image) => image.id),
		);
		expect(await rowsOf("SELECT count(*) AS images FROM images WHERE path LIKE 'https://%'")).toEqual([{ images: 8 }]);
	});

	test("a syntax error: the service's 422 with Check Validity, a failed run naming the error without it", async () => {
		const run = (checkValidity: boolean) =>
			runQuery('SELECT path FROM images ORDER path', { additionalFields: { checkValidity } });
		expect((await run(true)).error?.message).toBe(
			'The Media Analysis Service rejected the request as invalid: query: Value error, the query is not valid SQL: near "path": syntax error',
		);
		expect((await run(false)).error?.message).toMatch(
			/^Query [0-9a-f-]{36} failed: status Error: near "path": syntax error$/,
		);
	});

	test('a question in plain words fails, saying the sandbox cannot translate it; no rows are made up', async () => {
		const { error } = await runQuery('Which images show a beach?', { queryType: 'NATURAL_LANGUAGE' });
		expect(error?.message).toMatch(/^Query [0-9a-f-]{36} failed: status Error: /);
		expect(error?.message).toContain(NATURAL_LANGUAGE_REFUSED);
	});
});

describe('Concept columns', () => {
	test("Table › Get lists every column of images with its type, the concept's included", async () => {
		const { items, error } = await bed.harness.runNode({
			type: TYPES.queries,
			parameters: {
				resource: 'table',
				operation: 'get',
				datasetId: byId(SEED_DATASET_IDS.demoImages),
				tableName: fromList('images'),
			},
		});
		expect(error).toBeUndefined();
		const fields = (items[0].json.table_schema as { fields: Array<{ name: string; type: string }> }).fields;
		expect(fields.map((field) => [field.name, field.type])).toEqual([
			['coactive_image_id', 'string'],
			['dataset_id', 'string'],
			['path', 'string'],
			['created_dt', 'timestamp'],
			['metadata', 'map<string,string>'],
			['beach', 'double'],
		]);
	});

	test("the beach column of an image equals the Concepts node's Classify Image of its address", async () => {
		const rows = await rowsOf("SELECT path, beach FROM images WHERE path LIKE 'https://%' ORDER BY created_dt");
		expect(rows.map((row) => String(row.path).replace(/^.*\//, ''))).toEqual([
			'beach-000.jpg',
			'city-001.jpg',
			'forest-002.jpg',
			'mountain-003.jpg',
			'kitchen-004.jpg',
			'stadium-005.jpg',
			'concert-006.jpg',
			'office-007.jpg',
		]);
		const classified = await bed.harness.runNode({
			type: TYPES.concepts,
			parameters: {
				resource: 'classification',
				operation: 'classifyImage',
				imageUrl: '={{ $json.path }}',
				classifyAgainst: 'concepts',
				conceptIds: [SEED_CONCEPT_IDS.beach],
			},
			inputItems: rows,
		});
		expect(classified.error).toBeUndefined();
		expect(classified.items.map((item) => (item.json.scores as Array<{ score: number }>)[0].score)).toEqual(
			rows.map((row) => row.beach),
		);
	});

	test('Classify Image refuses a PDF as the service does (400), naming why', async () => {
		const { error } = await bed.harness.runNode({
			type: TYPES.concepts,
			parameters: {
				resource: 'classification',
				operation: 'classifyImage',
				imageUrl: 'https://files.example.org/brochure.pdf',
				classifyAgainst: 'concepts',
				conceptIds: [SEED_CONCEPT_IDS.beach],
			},
		});
		expect(error?.message).toBe(
			"The Media Analysis Service rejected the request: Cannot classify https://files.example.org/brochure.pdf: '.pdf' is not a supported image format",
		);
		expect(bed.apiRequests().map((request) => request.status)).toEqual([400]);
	});
});
