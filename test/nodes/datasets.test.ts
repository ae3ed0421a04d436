/* Dev-only: the Datasets node through n8n's engine against the sandbox over real HTTP. */
import type { IDataObject } from 'n8n-workflow';
import { SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../sandbox/server';
import { MediaAnalysisDatasets } from '../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { startFaultProxy } from '../support/fault-proxy';
import { TYPES, useTestBed } from './setup';
import { byId, byName, fromList } from '../support/locators';

const bed = useTestBed();
const type = TYPES.datasets;
const UNKNOWN = '0f0e0d0c-0b0a-4908-8706-050403020100';

const run = (parameters: Record<string, unknown>, inputItems?: IDataObject[], continueOnFail = false) =>
	bed.harness.runNode({ type, parameters: { resource: 'dataset', ...parameters }, inputItems, continueOnFail });

describe('Dataset: Create', () => {
	test("creates a dataset with the chosen encoder and fields, in the service's shape", async () => {
		const { items, error } = await run({
			operation: 'create',
			name: 'product_photos',
			encoderName: 'multimodal-tx-large2',
			additionalFields: {
				allowedAssetTypes: ['image'],
				storePreview: false,
				metadataFieldsToIndex: 'brand, campaign',
				description: '  Spring campaign photos ',
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			name: 'product_photos',
			allowed_asset_types: ['image'],
			store_preview: false,
			description: 'Spring campaign photos',
		});
		// No configuration setting: one request, no dataset_config.
		expect(bed.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v1/datasets']);
		expect(bed.apiRequests()[0].body).toEqual({
			name: 'product_photos',
			encoder_name: 'multimodal-tx-large2',
			description: 'Spring campaign photos',
			allowed_asset_types: ['image'],
			store_preview: false,
			metadata_fields_to_index: ['brand', 'campaign'],
		});
	});

	test('celebrity detection, Context Studio and hybrid weights as plain fields: the node fills the required maps from the new dataset', async () => {
		const { items, error } = await run({
			operation: 'create',
			name: 'celebrity_clips',
			encoderName: 'multimodal-tx-large4',
			additionalFields: {
				celebrityDetection: true,
				contextStudio: true,
				hybridSearchWeights: {
					weight: [
						{ signal: 'visual', value: 0.7 },
						{ signal: 'metadata', value: 0.3 },
					],
				},
			},
		});
		expect(error).toBeUndefined();
		const [create, patch] = bed.apiRequests();
		expect(create).toMatchObject({ method: 'POST', path: '/api/v1/datasets', status: 200 });
		expect(create.body).not.toHaveProperty('dataset_config');
		const id = items[0].json.id as string;
		const record = bed.sandbox.store.datasets.get(id)!;
		expect(patch).toMatchObject({ method: 'PATCH', path: `/api/v1/datasets/${id}`, status: 200 });
		expect((patch.body as IDataObject).dataset_config).toMatchObject({
			embedding_id: { visual: record.embeddingId },
			encoder_name: { visual: 'multimodal-tx-large4' },
			celebrity_detection_enabled: true,
			context_studio_enabled: true,
			hybrid_search: { weights: { visual: 0.7, metadata: 0.3 } },
		});
		expect(items[0].json.dataset_config).toMatchObject({
			celebrity_detection_enabled: true,
			context_studio_enabled: true,
		});
		// The service's own config now says so.
		const config = await run({ operation: 'getConfig', datasetId: byId(id) });
		expect(config.items[0].json).toMatchObject({ celebrity_detection_enabled: true, context_studio_enabled: true });
	});

	test('the expert JSON: its default and its example are valid as they stand', async () => {
		const field = (
			new MediaAnalysisDatasets().description.properties.find((p) => p.name === 'additionalFields')?.options ?? []
		).find((o) => 'name' in o && o.name === 'datasetConfig') as { default: string; description: string };
		const example = /e\.g\. (\{.*?\})\./.exec(field.description)?.[1];
		expect(example).toBeDefined();
		for (const [name, datasetConfig] of [
			['from_default', field.default],
			['from_example', example],
		]) {
			const { error } = await run({
				operation: 'create',
				name,
				encoderName: 'multimodal-tx-large3',
				additionalFields: { datasetConfig },
			});
			expect(error).toBeUndefined();
		}
		const created = [...bed.sandbox.store.datasets.values()].find((d) => d.name === 'from_example')!;
		expect(created.config).toMatchObject(JSON.parse(example!));
	});

	test('an unknown key in the expert JSON is named before anything is sent', async () => {
		const { error } = await run({
			operation: 'create',
			name: 'typo_config',
			encoderName: 'multimodal-tx-large3',
			additionalFields: { datasetConfig: '{"celebrity_detection": true}' },
		});
		expect(error?.message).toBe(
			'Invalid Dataset Config (JSON) in item 0: "celebrity_detection" is not a setting of the dataset configuration',
		);
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('when the configuration fails after the create, the error says the dataset exists and how to finish', async () => {
		const { error } = await run({
			operation: 'create',
			name: 'half_made',
			encoderName: 'multimodal-tx-large3',
			additionalFields: { datasetConfig: '{"hybrid_search": {"weights": "heavy"}}' },
		});
		const created = [...bed.sandbox.store.datasets.values()].find((d) => d.name === 'half_made')!;
		expect(error?.message).toMatch(
			new RegExp(`^Dataset ${created.id} was created, but its configuration was not set: `),
		);
		expect(error?.description).toContain('Dataset → Update');
		expect(bed.apiRequests().map((r) => r.status)).toEqual([200, 422]);
	});

	test.each([
		[
			'the retired multimodal, from an expression',
			'={{ "multimodal" }}',
			'Invalid Encoder in item 0: the encoder "multimodal" was retired on 2025-07-07',
		],
		[
			'an unknown encoder',
			'={{ "clip-huge" }}',
			'Invalid Encoder in item 0: "clip-huge" is not an encoder of the service',
		],
	])('refuses %s before any request', async (_case, encoderName, message) => {
		const { error } = await run({ operation: 'create', name: 'old_encoder', encoderName });
		expect(error?.message).toBe(message);
		expect(error?.description).toMatch(/^Use /);
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test.each([0, 0.000001, 5.5])('refuses a keyframe rate of %d before any request (0.00001 to 5)', async (rate) => {
		const { error } = await run({
			operation: 'create',
			name: 'fps_rate',
			encoderName: 'multimodal-tx-large3',
			additionalFields: { keyframeUniformFpsSamplingRate: rate },
		});
		expect(error?.message).toMatch(/^Invalid Keyframe Uniform FPS Sampling Rate in item 0: /);
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test.each([0.00001, 5])('sends a keyframe rate of %d, which the sandbox takes', async (rate) => {
		const { error } = await run({
			operation: 'create',
			name: 'fps_rate',
			encoderName: 'multimodal-tx-large3',
			additionalFields: { keyframeSamplingMethod: 'uniform', keyframeUniformFpsSamplingRate: rate },
		});
		expect(error).toBeUndefined();
		expect(bed.apiRequests()[0].body).toMatchObject({ keyframe_uniform_fps_sampling_rate: rate });
	});

	test('refuses a name with other characters before sending anything', async () => {
		const { error } = await run({ operation: 'create', name: 'my photos!', encoderName: 'multimodal-tx-large3' });
		expect(error?.message).toBe(
			'Invalid Name in item 0: "my photos!" has characters other than letters, digits and underscores',
		);
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
			operation: 'update',
			datasetId: byId(SEED_DATASET_IDS.demoMixed),
			updateFields: { datasetConfig: '{"embedding_id": 5}' },
		});
		expect(error?.message).toMatch(/^The Media Analysis Service rejected the request as invalid: dataset_config/);
		expect(error?.description).toMatch(/^dataset_config\.[a-z_]+: .+/m);
		expect((error as unknown as { httpCode: string }).httpCode).toBe('422');
	});
});

describe('Dataset: Get', () => {
	test('gets a dataset chosen from the list or by ID, per item via expressions', async () => {
		const { items, error } = await run({ operation: 'get', datasetId: byId('={{ $json.id }}') }, [
			{ id: SEED_DATASET_IDS.demoImages },
			{ id: ` ${SEED_DATASET_IDS.demoVideos.toUpperCase()} ` },
		]);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.name)).toEqual([SEED_DATASET_NAMES.demoImages, SEED_DATASET_NAMES.demoVideos]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const listed = await run({ operation: 'get', datasetId: fromList(SEED_DATASET_IDS.demoMixed) });
		expect(listed.items[0].json.id).toBe(SEED_DATASET_IDS.demoMixed);
	});

	test('By Name: the name is looked up once for every item, and a name no dataset has names the parameter', async () => {
		const named = byName('={{ $json.name }}');
		const { items, error } = await run({ operation: 'get', datasetId: named }, [
			{ name: SEED_DATASET_NAMES.demoImages },
			{ name: SEED_DATASET_NAMES.demoImages },
			{ name: SEED_DATASET_NAMES.demoVideos },
		]);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.id)).toEqual([
			SEED_DATASET_IDS.demoImages,
			SEED_DATASET_IDS.demoImages,
			SEED_DATASET_IDS.demoVideos,
		]);
		// Two look-ups (one per name), then one read per item.
		expect(bed.apiRequests().filter((r) => r.path === '/api/v1/datasets')).toHaveLength(2);
		bed.sandbox.clearRequestLog();
		const typo = await run({ operation: 'getConfig', datasetId: byName('no_such_dataset') });
		expect(typo.error?.message).toBe('Invalid Dataset in item 0: no dataset is named "no_such_dataset"');
		expect(bed.apiRequests().filter((r) => r.path !== '/api/v1/datasets')).toEqual([]);
	});

	test('By Name with one unknown name among good ones and Continue On Fail: the good items come out, the bad one says why', async () => {
		const named = byName('={{ $json.name }}');
		const { items, error } = await run(
			{ operation: 'get', datasetId: named },
			[{ name: SEED_DATASET_NAMES.demoImages }, { name: 'demo_imagez' }, { name: SEED_DATASET_NAMES.demoVideos }],
			true,
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.id ?? i.json.error, i.pairedItem])).toEqual([
			[SEED_DATASET_IDS.demoImages, { item: 0 }],
			['Invalid Dataset in item 1: no dataset is named "demo_imagez"', { item: 1 }],
			[SEED_DATASET_IDS.demoVideos, { item: 2 }],
		]);
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
		const { error } = await run({ operation: 'get', datasetId: byId('={{ $json.id }}') }, [
			{ id: SEED_DATASET_IDS.demoImages },
			{ id: 'not-a-uuid' },
			{ id: SEED_DATASET_IDS.demoVideos },
		]);
		expect(error?.message).toBe('Invalid Dataset in item 1: "not-a-uuid" is not a UUID');
		expect(error?.context?.itemIndex).toBe(1);
		// Items run side by side: the one before may have been sent; none after the failure is.
		expect(bed.apiRequests().filter((r) => r.path !== `/api/v1/datasets/${SEED_DATASET_IDS.demoImages}`)).toEqual([]);
	});

	test('Continue On Fail: a failing item becomes an error item, the others go on, pairing intact', async () => {
		const { items, error } = await run(
			{ operation: 'get', datasetId: byId('={{ $json.id }}') },
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
		const { error } = await run(
			{ operation: 'create', name: '={{ $json.name }}', encoderName: 'resnet-50' },
			inputItems,
		);
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
			{ skip: '99', limit: '100' },
			{ skip: '198', limit: '100' },
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

	test("sends every filter in the service's form, arrays as repeated keys", async () => {
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

	test('yes/no filters: Include Deleted is added unticked and then sends nothing; Yes/No choices filter both ways', async () => {
		const getMany = new MediaAnalysisDatasets().description.properties.find(
			(p) => p.name === 'filters' && p.displayOptions?.show?.operation?.includes('getMany'),
		);
		const includeDeleted = (getMany?.options ?? []).find((o) => 'name' in o && o.name === 'includeDeleted') as {
			default: unknown;
		};
		expect(includeDeleted.default).toBe(false);
		await run({ operation: 'getMany', returnAll: true, filters: { includeDeleted: false } });
		expect(bed.apiRequests()[0].query).not.toHaveProperty('include_deleted');
		const off = await run({ operation: 'getMany', returnAll: true, output: 'raw', filters: { storeOriginal: false } });
		const on = await run({ operation: 'getMany', returnAll: true, output: 'raw', filters: { storeOriginal: true } });
		expect(off.items.length + on.items.length).toBe(3);
		expect(off.items.every((i) => i.json.store_original === false)).toBe(true);
		expect(on.items.every((i) => i.json.store_original === true)).toBe(true);
		expect(bed.apiRequests()[1].query).toMatchObject({ store_original: 'false' });
	});

	const SIMPLE = [
		'allowed_asset_types',
		'created_dt',
		'description',
		'encoders',
		'id',
		'keyframe_sampling_method',
		'name',
		'status',
		'updated_dt',
	];

	test("Output: Simplified (the default) keeps the dataset's main fields, Raw the service's record, Selected Fields the chosen ones and the id", async () => {
		const lean = await run({ operation: 'getMany', returnAll: false, limit: 1 });
		expect(Object.keys(lean.items[0].json).sort()).toEqual(SIMPLE);
		const raw = await run({ operation: 'get', datasetId: byId(SEED_DATASET_IDS.demoImages), output: 'raw' });
		expect(Object.keys(raw.items[0].json)).toEqual(
			expect.arrayContaining(['dataset_config', 'embeddings', 'store_original']),
		);
		const one = await run({ operation: 'get', datasetId: byId(SEED_DATASET_IDS.demoImages) });
		expect(one.items[0].json).not.toHaveProperty('dataset_config');
		const picked = await run({ operation: 'getMany', limit: 2, output: 'fields', fields: ['store_preview', 'name'] });
		expect(picked.items.map((item) => Object.keys(item.json))).toEqual([
			['id', 'store_preview', 'name'],
			['id', 'store_preview', 'name'],
		]);
	});

	test('as an AI tool (Media Analysis Datasets Tool), returns 10 by default', async () => {
		await addDatasets(60);
		const tool = await bed.harness.runNode({
			type: `${type}Tool`,
			parameters: { resource: 'dataset', operation: 'getMany' },
		});
		expect(tool.error).toBeUndefined();
		expect(tool.items).toHaveLength(10);
		expect(Object.keys(tool.items[0].json).sort()).toEqual(SIMPLE);
		const workflow = await run({ operation: 'getMany' });
		expect(workflow.items).toHaveLength(50);
		const chosen = await bed.harness.runNode({
			type: `${type}Tool`,
			parameters: { resource: 'dataset', operation: 'getMany', limit: 30 },
		});
		expect(chosen.items).toHaveLength(30);
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
		const ids = await run({
			operation: 'getMany',
			returnAll: true,
			filters: { datasetIds: `${SEED_DATASET_IDS.demoImages}, 12345` },
		});
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
		expect(bed.apiRequests()[0]).toMatchObject({
			method: 'PATCH',
			body: { name: 'renamed_mixed', status: 'inactive' },
		});
	});

	test('a configuration change keeps the settings it does not touch: the node reads the dataset and sends its maps', async () => {
		const id = SEED_DATASET_IDS.demoMixed;
		const first = await run({
			operation: 'update',
			datasetId: byId(id),
			updateFields: { celebrityDetection: true, metadataFieldsToIndex: 'brand' },
		});
		expect(first.error).toBeUndefined();
		const second = await run({
			operation: 'update',
			datasetId: byId(id),
			updateFields: { contextStudio: true, description: 'Mixed demo' },
		});
		expect(second.error).toBeUndefined();
		const record = bed.sandbox.store.datasets.get(id)!;
		expect(bed.apiRequests().map((r) => `${r.method} ${r.status}`)).toEqual([
			'GET 200',
			'PATCH 200',
			'GET 200',
			'PATCH 200',
		]);
		expect(bed.apiRequests()[3].body).toMatchObject({
			description: 'Mixed demo',
			dataset_config: {
				embedding_id: { visual: record.embeddingId },
				encoder_name: { visual: record.encoderName },
				celebrity_detection_enabled: true,
				context_studio_enabled: true,
				metadata_fields_to_index: ['brand'],
			},
		});
		expect(second.items[0].json).toMatchObject({ description: 'Mixed demo' });
		const config = await run({ operation: 'getConfig', datasetId: byId(id) });
		expect(config.items[0].json).toMatchObject({
			celebrity_detection_enabled: true,
			context_studio_enabled: true,
			metadata_fields_to_index: ['brand'],
		});
	});

	test('turning celebrity detection off sends false (a setting, not a filter)', async () => {
		const id = SEED_DATASET_IDS.demoMixed;
		await run({ operation: 'update', datasetId: byId(id), updateFields: { celebrityDetection: true } });
		const { error } = await run({
			operation: 'update',
			datasetId: byId(id),
			updateFields: { celebrityDetection: false },
		});
		expect(error).toBeUndefined();
		expect(bed.sandbox.store.datasets.get(id)!.config.celebrity_detection_enabled).toBe(false);
	});

	test('an update with no fields is refused before any request', async () => {
		const { error } = await run({ operation: 'update', datasetId: byId(SEED_DATASET_IDS.demoMixed), updateFields: {} });
		expect(error?.message).toBe('Invalid Update Fields in item 0: no field to update was added');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('delete is soft and answers {deleted: true} with the id and the deleted dataset; deleting again is a clear 404', async () => {
		const deleted = await run({ operation: 'delete', datasetId: byId(SEED_DATASET_IDS.demoVideos) });
		expect(deleted.items[0].json).toMatchObject({
			deleted: true,
			id: SEED_DATASET_IDS.demoVideos,
			response: { id: SEED_DATASET_IDS.demoVideos, status: 'deleted' },
		});
		expect((deleted.items[0].json.response as IDataObject).deleted_dt).toBeTruthy();
		const again = await run({ operation: 'delete', datasetId: byId(SEED_DATASET_IDS.demoVideos) });
		expect(again.error?.message).toMatch(/^Dataset not found/);
		const kept = await run({ operation: 'get', datasetId: byId(SEED_DATASET_IDS.demoVideos), includeDeleted: true });
		expect(kept.items[0].json.status).toBe('deleted');
	});

	test('gets the configuration of a dataset: Simplified by default, whole with Output Raw', async () => {
		const { items, error } = await run({ operation: 'getConfig', datasetId: byId(SEED_DATASET_IDS.demoImages) });
		expect(error).toBeUndefined();
		expect(items[0].json.dataset_id).toBe(SEED_DATASET_IDS.demoImages);
		expect(Object.keys(items[0].json).sort()).toEqual(
			[
				'asset_identifier_key',
				'celebrity_detection_enabled',
				'context_studio_enabled',
				'dataset_id',
				'encoder_name',
				'metadata_fields_to_embed',
				'metadata_fields_to_index',
			].filter((field) => field in items[0].json),
		);
		const raw = await run({ operation: 'getConfig', datasetId: byId(SEED_DATASET_IDS.demoImages), output: 'raw' });
		expect(Object.keys(raw.items[0].json)).toEqual(expect.arrayContaining(['embedding_id']));
		const archived = await run({
			operation: 'getConfig',
			datasetId: byId(SEED_DATASET_IDS.demoArchived),
			includeDeleted: true,
		});
		expect(archived.items[0].json.dataset_id).toBe(SEED_DATASET_IDS.demoArchived);
	});
});

describe('Encoder: Get Many', () => {
	test('lists encoders (the sandbox never lists the sunset "multimodal"), each saying it is not deprecated, and honours Limit', async () => {
		const all = await bed.harness.runNode({
			type,
			parameters: { resource: 'encoder', operation: 'getMany', returnAll: true },
		});
		expect(all.error).toBeUndefined();
		expect(all.items.length).toBeGreaterThan(2);
		expect(all.items.map((i) => i.json.name)).not.toContain('multimodal');
		expect(all.items.every((i) => i.json.deprecated === false)).toBe(true);
		const two = await bed.harness.runNode({
			type,
			parameters: { resource: 'encoder', operation: 'getMany', limit: 2 },
		});
		expect(two.items).toHaveLength(2);
	});
});

describe('Encoder: Get Many, when the service still lists the retired encoder', () => {
	test('"multimodal" is flagged deprecated with its sunset date and replacements', async () => {
		const proxy = await startFaultProxy(bed.sandbox.url);
		try {
			proxy.inject((method, path) => method === 'GET' && path === '/api/v1/encoders', {
				kind: 'status',
				status: 200,
				body: [
					{ name: 'multimodal', modality: 'video' },
					{ name: 'multimodal-tx-large3', modality: 'video' },
				],
			});
			bed.useCredential('personalToken', { baseUrl: proxy.url });
			const { items, error } = await bed.harness.runNode({
				type,
				parameters: { resource: 'encoder', operation: 'getMany', returnAll: true },
			});
			expect(error).toBeUndefined();
			expect(items.map((i) => i.json)).toEqual([
				{
					name: 'multimodal',
					modality: 'video',
					deprecated: true,
					sunset_date: '2025-07-07',
					replaced_by: ['multimodal-tx-large2', 'multimodal-tx-large3'],
				},
				{ name: 'multimodal-tx-large3', modality: 'video', deprecated: false },
			]);
		} finally {
			await proxy.close();
		}
	});
});

describe('Encoder: Get Many, when the answer is not a list of encoders', () => {
	test.each([
		[
			'an object',
			{ encoders: [] },
			/with an object .* where a JSON array was expected|where a JSON array was expected/,
		],
		[
			'entries without a name',
			[{ modality: 'video' }, 'resnet-50'],
			/^The service answered the encoders request with entries that are not encoders$/,
		],
	])('%s is a clear error, not items', async (_case, body, message) => {
		const proxy = await startFaultProxy(bed.sandbox.url);
		try {
			proxy.inject((method, path) => method === 'GET' && path === '/api/v1/encoders', {
				kind: 'status',
				status: 200,
				body,
			});
			bed.useCredential('personalToken', { baseUrl: proxy.url });
			const { items, error } = await bed.harness.runNode({
				type,
				parameters: { resource: 'encoder', operation: 'getMany', returnAll: true },
			});
			expect(items).toEqual([]);
			expect(error?.message).toMatch(message);
		} finally {
			await proxy.close();
		}
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
