/* Dev-only: the Datasets node through n8n's engine against the sandbox over real HTTP. */
import type { IDataObject } from 'n8n-workflow';
import { SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../sandbox/server';
import { TYPES, useTestBed } from './setup';

const bed = useTestBed();
const type = TYPES.datasets;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const fromList = (value: string) => ({ __rl: true, mode: 'list', value });
const UNKNOWN = '0f0e0d0c-0b0a-4908-8706-050403020100';

const run = (parameters: Record<string, unknown>, inputItems?: IDataObject[], continueOnFail = false) =>
	bed.harness.runNode({ type, parameters: { resource: 'dataset', ...parameters }, inputItems, continueOnFail });

describe('Dataset: Create', () => {
	test('creates a dataset with the chosen encoder and fields, in the service\'s shape', async () => {
		const { items, error } = await run({
			operation: 'create',
			name: 'product_photos',
			encoderName: 'multimodal-tx-large2',
			additionalFields: {
				allowedAssetTypes: ['image'],
				storePreview: false,
				metadataFieldsToIndex: 'brand, campaign',
				datasetConfig: '{"embedding_id": {}, "encoder_name": {}}',
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ name: 'product_photos', allowed_asset_types: ['image'], store_preview: false });
		const sent = bed.apiRequests().find((r) => r.method === 'POST' && r.path === '/api/v1/datasets');
		expect(sent?.body).toEqual({
			name: 'product_photos',
			encoder_name: 'multimodal-tx-large2',
			allowed_asset_types: ['image'],
			store_preview: false,
			metadata_fields_to_index: ['brand', 'campaign'],
			dataset_config: { embedding_id: {}, encoder_name: {} },
		});
	});

	test('refuses a name with other characters before sending anything', async () => {
		const { error } = await run({ operation: 'create', name: 'my photos!', encoderName: 'multimodal-tx-large3' });
		expect(error?.message).toBe('Invalid Name in item 0: "my photos!" has characters other than letters, digits and underscores');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('refuses malformed Dataset Config JSON before sending anything', async () => {
		const { error } = await run({
			operation: 'create',
			name: 'ok_name',
			encoderName: 'multimodal-tx-large3',
			additionalFields: { datasetConfig: '{"embedding_id": ' },
		});
		expect(error?.message).toMatch(/^Invalid Dataset Config \(JSON\) in item 0: it is not valid JSON/);
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('a 422 from the service lists each problem as "field: message"', async () => {
		const { error } = await run({
			operation: 'create',
			name: 'bad_config',
			encoderName: 'multimodal-tx-large3',
			additionalFields: { datasetConfig: '{"embedding_id": 5}' },
		});
		expect(error?.message).toMatch(/^The Media Analysis Service rejected the request as invalid: dataset_config/);
		expect(error?.description).toMatch(/^dataset_config\.[a-z_]+: .+/m);
		expect((error as unknown as { httpCode: string }).httpCode).toBe('422');
	});
});

describe('Dataset: Get', () => {
	test('gets a dataset chosen from the list or by ID, per item via expressions', async () => {
		const { items, error } = await run(
			{ operation: 'get', datasetId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			[{ id: SEED_DATASET_IDS.demoImages }, { id: ` ${SEED_DATASET_IDS.demoVideos.toUpperCase()} ` }],
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.name)).toEqual([SEED_DATASET_NAMES.demoImages, SEED_DATASET_NAMES.demoVideos]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const listed = await run({ operation: 'get', datasetId: fromList(SEED_DATASET_IDS.demoMixed) });
		expect(listed.items[0].json.id).toBe(SEED_DATASET_IDS.demoMixed);
	});

	test('a deleted dataset is found only with Include Deleted', async () => {
		const hidden = await run({ operation: 'get', datasetId: byId(SEED_DATASET_IDS.demoArchived) });
		expect(hidden.error?.message).toMatch(/^Dataset not found/);
		const shown = await run({ operation: 'get', datasetId: byId(SEED_DATASET_IDS.demoArchived), includeDeleted: true });
		expect(shown.items[0].json).toMatchObject({ id: SEED_DATASET_IDS.demoArchived, status: 'deleted' });
	});

	test('404 names the dataset and says how to fix it', async () => {
		const { error } = await run({ operation: 'get', datasetId: byId(UNKNOWN) });
		expect(error?.message).toMatch(/^Dataset not found/);
		expect(error?.description).toMatch(/Check the ID/);
		expect(error?.context?.itemIndex).toBe(0);
	});

	test('a malformed ID is refused before any request, naming the parameter and the item', async () => {
		const { error } = await run(
			{ operation: 'get', datasetId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			[{ id: SEED_DATASET_IDS.demoImages }, { id: 'not-a-uuid' }],
		);
		expect(error?.message).toBe('Invalid Dataset in item 1: "not-a-uuid" is not a UUID');
		expect(error?.context?.itemIndex).toBe(1);
		expect(bed.apiRequests().map((r) => r.path)).toEqual([`/api/v1/datasets/${SEED_DATASET_IDS.demoImages}`]);
	});

	test('Continue On Fail: a failing item becomes an error item, the others go on, pairing intact', async () => {
		const { items, error } = await run(
			{ operation: 'get', datasetId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			[{ id: SEED_DATASET_IDS.demoImages }, { id: 'nope' }, { id: UNKNOWN }, { id: SEED_DATASET_IDS.demoVideos }],
			true,
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		expect(items[0].json.name).toBe(SEED_DATASET_NAMES.demoImages);
		expect(items[1].json.error).toBe('Invalid Dataset in item 1: "nope" is not a UUID');
		expect(items[2].json.error).toMatch(/^Dataset not found/);
		expect(items[2].json.description).toMatch(/Check the ID/);
		expect(items[3].json.name).toBe(SEED_DATASET_NAMES.demoVideos);
	});
});

describe('Dataset: Get Many', () => {
	async function addDatasets(count: number) {
		const inputItems = Array.from({ length: count }, (_, i) => ({ name: `bulk_${String(i).padStart(3, '0')}` }));
		const { error } = await run({ operation: 'create', name: '={{ $json.name }}', encoderName: 'resnet-50' }, inputItems);
		expect(error).toBeUndefined();
		bed.sandbox.clearRequestLog();
	}

	test('Return All walks every page of skip/limit once', async () => {
		await addDatasets(250);
		const { items, error } = await run({ operation: 'getMany', returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(253);
		expect(new Set(items.map((i) => i.json.id)).size).toBe(253);
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		const pages = bed.apiRequests().map((r) => r.query);
		expect(pages).toEqual([
			{ skip: '0', limit: '100' },
			{ skip: '100', limit: '100' },
			{ skip: '200', limit: '100' },
		]);
	});

	test('Limit stops early and asks for no more than needed', async () => {
		await addDatasets(150);
		const { items } = await run({ operation: 'getMany', returnAll: false, limit: 120 });
		expect(items).toHaveLength(120);
		expect(bed.apiRequests()).toHaveLength(2);
		const few = await run({ operation: 'getMany', returnAll: false, limit: 2 });
		expect(few.items).toHaveLength(2);
		expect(bed.apiRequests()[2].query).toMatchObject({ limit: '2' });
	});

	test('sends every filter in the service\'s form, arrays as repeated keys', async () => {
		const { error } = await run({
			operation: 'getMany',
			returnAll: true,
			filters: {
				status: ['active', 'inactive'],
				allowedAssetTypes: ['video'],
				datasetIds: `${SEED_DATASET_IDS.demoImages}, ${SEED_DATASET_IDS.demoVideos}`,
				keyframeSamplingMethod: 'uniform',
				storeOriginal: false,
				storePreview: true,
				createdAfter: '2020-01-01T00:00:00Z',
				createdBefore: '2030-01-01T00:00:00Z',
				lastUpdatedAfter: '2020-01-01T00:00:00Z',
				lastUpdatedBefore: '2030-01-01T00:00:00Z',
				namePattern: 'demo',
				newVideoDataModel: true,
				celebrityDetectionEnabled: false,
				contextStudioEnabled: false,
				includeDeleted: true,
			},
		});
		expect(error).toBeUndefined();
		const [request] = bed.apiRequests();
		expect(request.rawQuery).toContain('status=active&status=inactive');
		expect(request.query).toMatchObject({
			status: ['active', 'inactive'],
			allowed_asset_types: 'video',
			dataset_ids: [SEED_DATASET_IDS.demoImages, SEED_DATASET_IDS.demoVideos],
			keyframe_sampling_method: 'uniform',
			store_original: 'false',
			store_preview: 'true',
			created_after: '2020-01-01T00:00:00.000Z',
			created_before: '2030-01-01T00:00:00.000Z',
			last_updated_after: '2020-01-01T00:00:00.000Z',
			last_updated_before: '2030-01-01T00:00:00.000Z',
			name_pattern: 'demo',
			new_video_data_model: 'true',
			celebrity_detection_enabled: 'false',
			context_studio_enabled: 'false',
			include_deleted: 'true',
		});
	});

	test('filters select what the service holds', async () => {
		const videos = await run({ operation: 'getMany', returnAll: true, filters: { allowedAssetTypes: ['video'] } });
		expect(videos.items.length).toBeGreaterThan(0);
		expect(videos.items.every((i) => (i.json.allowed_asset_types as string[]).includes('video'))).toBe(true);
		const withDeleted = await run({ operation: 'getMany', returnAll: true, filters: { includeDeleted: true } });
		const withoutDeleted = await run({ operation: 'getMany', returnAll: true });
		expect(withDeleted.items.map((i) => i.json.id)).toContain(SEED_DATASET_IDS.demoArchived);
		expect(withoutDeleted.items.map((i) => i.json.id)).not.toContain(SEED_DATASET_IDS.demoArchived);
		const named = await run({ operation: 'getMany', returnAll: true, filters: { namePattern: 'VIDEOS' } });
		expect(named.items.map((i) => i.json.name)).toEqual([SEED_DATASET_NAMES.demoVideos]);
	});

	test('a malformed ID in Dataset IDs or a bad date is refused before any request', async () => {
		const ids = await run({ operation: 'getMany', returnAll: true, filters: { datasetIds: `${SEED_DATASET_IDS.demoImages}, 12345` } });
		expect(ids.error?.message).toBe('Invalid Dataset IDs in item 0: "12345" is not a UUID');
		const date = await run({ operation: 'getMany', returnAll: true, filters: { createdAfter: 'yesterday-ish' } });
		expect(date.error?.message).toBe('Invalid Created After in item 0: "yesterday-ish" is not a date');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Dataset: Update, Delete, Get Config', () => {
	test('updates the fields given and nothing else', async () => {
		const { items, error } = await run({
			operation: 'update',
			datasetId: byId(SEED_DATASET_IDS.demoMixed),
			updateFields: { name: 'renamed_mixed', status: 'inactive' },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: SEED_DATASET_IDS.demoMixed, name: 'renamed_mixed', status: 'inactive' });
		expect(bed.apiRequests()[0]).toMatchObject({ method: 'PATCH', body: { name: 'renamed_mixed', status: 'inactive' } });
	});

	test('an update with no fields is refused before any request', async () => {
		const { error } = await run({ operation: 'update', datasetId: byId(SEED_DATASET_IDS.demoMixed), updateFields: {} });
		expect(error?.message).toBe('Invalid Update Fields in item 0: no field to update was added');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('delete is soft and returns the deleted dataset; deleting again is a clear 404', async () => {
		const deleted = await run({ operation: 'delete', datasetId: byId(SEED_DATASET_IDS.demoVideos) });
		expect(deleted.items[0].json).toMatchObject({ id: SEED_DATASET_IDS.demoVideos, status: 'deleted' });
		expect(deleted.items[0].json.deleted_dt).toBeTruthy();
		const again = await run({ operation: 'delete', datasetId: byId(SEED_DATASET_IDS.demoVideos) });
		expect(again.error?.message).toMatch(/^Dataset not found/);
		const kept = await run({ operation: 'get', datasetId: byId(SEED_DATASET_IDS.demoVideos), includeDeleted: true });
		expect(kept.items[0].json.status).toBe('deleted');
	});

	test('gets the configuration of a dataset', async () => {
		const { items, error } = await run({ operation: 'getConfig', datasetId: byId(SEED_DATASET_IDS.demoImages) });
		expect(error).toBeUndefined();
		expect(items[0].json.dataset_id).toBe(SEED_DATASET_IDS.demoImages);
		const archived = await run({ operation: 'getConfig', datasetId: byId(SEED_DATASET_IDS.demoArchived), includeDeleted: true });
		expect(archived.items[0].json.dataset_id).toBe(SEED_DATASET_IDS.demoArchived);
	});
});

describe('Encoder: Get Many', () => {
	test('lists encoders, never the sunset "multimodal", and honours Limit', async () => {
		const all = await bed.harness.runNode({ type, parameters: { resource: 'encoder', operation: 'getMany', returnAll: true } });
		expect(all.error).toBeUndefined();
		expect(all.items.length).toBeGreaterThan(2);
		expect(all.items.map((i) => i.json.name)).not.toContain('multimodal');
		const two = await bed.harness.runNode({ type, parameters: { resource: 'encoder', operation: 'getMany', limit: 2 } });
		expect(two.items).toHaveLength(2);
	});
});

describe('Dataset locator: From list', () => {
	test('searches datasets by name and pages with a token', async () => {
		const found = await bed.harness.runListSearch({ type, method: 'searchDatasets', filter: 'video' });
		expect(found.results).toEqual([{ name: SEED_DATASET_NAMES.demoVideos, value: SEED_DATASET_IDS.demoVideos }]);
		const all = await bed.harness.runListSearch({ type, method: 'searchDatasets' });
		expect(all.results.length).toBe(3);
		expect(all.paginationToken).toBeUndefined();
	});
});
