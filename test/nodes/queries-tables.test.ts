/* Dev-only: the Queries node's tables (Table › Get Many and Get, the Query field's pointer to them) through n8n's engine against the sandbox. */
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { TYPES, useTestBed } from './setup';
import { byId, byName, fromList } from '../support/locators';

const bed = useTestBed();

const run = (parameters: Record<string, unknown>) =>
	bed.harness.runNode({ type: TYPES.queries, parameters: { resource: 'table', ...parameters } });

describe('Table', () => {
	test('Get Many: the tables of a video dataset, each naming its dataset', async () => {
		const { items, error } = await run({
			operation: 'getMany',
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.name)).toEqual(['assets', 'videos', 'keyframes', 'shots', 'transcripts']);
		expect(items[0].json).toMatchObject({
			dataset_id: SEED_DATASET_IDS.demoVideos,
			table_schema: { fields: expect.any(Array) },
		});
		expect(bed.apiRequests()[0]).toMatchObject({
			method: 'GET',
			path: `/api/v1/datasets/${SEED_DATASET_IDS.demoVideos}/tables`,
		});
	});

	test('Get Many with a Limit', async () => {
		const { items } = await run({ operation: 'getMany', datasetId: byId(SEED_DATASET_IDS.demoMixed), limit: 2 });
		expect(items).toHaveLength(2);
	});

	test("Get: one table's schema; an unknown table is a 404 naming it", async () => {
		const { items, error } = await run({
			operation: 'get',
			datasetId: byId(SEED_DATASET_IDS.demoImages),
			tableName: fromList('images'),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			dataset_id: SEED_DATASET_IDS.demoImages,
			name: 'images',
			table_schema: { type: 'struct' },
		});
		const missing = await run({
			operation: 'get',
			datasetId: byId(SEED_DATASET_IDS.demoImages),
			tableName: byName('videos'),
		});
		expect(missing.error?.message).toBe(`Table "videos" not found in dataset ${SEED_DATASET_IDS.demoImages}`);
	});

	test('a table name with a slash fails before sending', async () => {
		const { error } = await run({
			operation: 'get',
			datasetId: byId(SEED_DATASET_IDS.demoImages),
			tableName: byName('a/b'),
		});
		expect(error?.message).toMatch(/Invalid Table in item 0/);
		expect(bed.apiRequests()).toHaveLength(0);
	});
});
