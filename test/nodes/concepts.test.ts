/* Dev-only: the Concepts node (concepts, labels, classification) through n8n's engine against the sandbox. */
import type { IDataObject } from 'n8n-workflow';
import { stableUuid, type AssetRecord } from '../../sandbox/assets/model';
import { SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { keyframesOf } from '../../sandbox/search/media';
import { SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../sandbox/server';
import { startFaultProxy } from '../support/fault-proxy';
import { TYPES, useTestBed } from './setup';
import { byId, byName, fromList } from '../support/locators';

const bed = useTestBed();
const type = TYPES.concepts;
const UNKNOWN_CONCEPT = '0f0e0d0c-0b0a-4908-8706-050403020100';
/** A valid UUID, but version 1: the concepts service takes version 4 only. */
const UUID_V1 = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

const run = (
	resource: string,
	parameters: Record<string, unknown>,
	inputItems?: IDataObject[],
	continueOnFail = false,
) => bed.harness.runNode({ type, parameters: { resource, ...parameters }, inputItems, continueOnFail });

const seededImage = (index: number) =>
	[...bed.sandbox.store.assets.values()].find(
		(asset) => asset.datasetId === SEED_DATASET_IDS.demoImages && asset.metadata.index === index,
	) as AssetRecord;

/** Puts more ready images into demo_images (what ingestion would do), so lists span several pages. */
function addImages(count: number) {
	const template = seededImage(0);
	for (let i = 0; i < count; i++) {
		const path = `s3://demo-bucket/extra/extra-${String(i).padStart(4, '0')}.jpg`;
		const id = stableUuid(`${SEED_DATASET_IDS.demoImages}:${path}`);
		bed.sandbox.store.assets.set(id, { ...template, id, path, metadata: { topic: 'office', index: 1000 + i } });
	}
}

async function createConcept(name: string, datasetId: string = SEED_DATASET_IDS.demoImages) {
	const { items, error } = await run('concept', { operation: 'create', name, datasetId: byId(datasetId) });
	expect(error).toBeUndefined();
	return items[0].json.conceptId as string;
}

describe('Concept: Create', () => {
	test("creates a concept with the service's camelCase body and answer", async () => {
		const { items, error } = await run('concept', {
			operation: 'create',
			name: 'mountain_view',
			datasetId: fromList(SEED_DATASET_IDS.demoImages),
			additionalFields: { description: 'Peaks and ridges', threshold: 0.7, regularization: 0.125 },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			name: 'mountain_view',
			datasetId: SEED_DATASET_IDS.demoImages,
			description: 'Peaks and ridges',
			threshold: 0.7,
			regularization: 0.125,
		});
		expect(items[0].json.conceptId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		// First the dataset's encoder is read (concepts need tx-large2/3/4), then the concept is created.
		expect(bed.apiRequests()[0]).toMatchObject({
			method: 'GET',
			path: `/api/v1/datasets/${SEED_DATASET_IDS.demoImages}`,
		});
		expect(bed.apiRequests()[1]).toMatchObject({
			method: 'POST',
			path: '/api/v1/concepts',
			body: {
				name: 'mountain_view',
				datasetId: SEED_DATASET_IDS.demoImages,
				description: 'Peaks and ridges',
				threshold: 0.7,
				regularization: 0.125,
			},
		});
	});

	test('on a dataset with another encoder, the rule is explained and nothing is created', async () => {
		const dataset = await bed.harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'create', name: 'resnet_photos', encoderName: 'resnet-50' },
		});
		const datasetId = dataset.items[0].json.id as string;
		bed.sandbox.clearRequestLog();
		const { error } = await run('concept', { operation: 'create', name: 'red_car', datasetId: byId(datasetId) });
		expect(error?.message).toBe(`Dataset ${datasetId} uses the resnet-50 encoder, which concepts do not work with`);
		expect(error?.description).toMatch(
			/^Concepts work only on datasets that use the multimodal-tx-large2, multimodal-tx-large3 or multimodal-tx-large4 encoder on the v1 pipeline/,
		);
		expect(bed.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v1/datasets/${datasetId}`]);
	});

	test('when the service itself refuses the dataset (its encoder or pipeline), the rule is explained too', async () => {
		const proxy = await startFaultProxy(bed.sandbox.url);
		try {
			proxy.inject((method, path) => method === 'POST' && path === '/api/v1/concepts', {
				kind: 'status',
				status: 400,
				body: { detail: 'Concepts are not supported on datasets outside the v1 pipeline' },
			});
			bed.useCredential('personalToken', { baseUrl: proxy.url });
			const { error } = await run('concept', {
				operation: 'create',
				name: 'red_car',
				datasetId: byId(SEED_DATASET_IDS.demoImages),
			});
			expect(error?.message).toBe(
				'The service does not support concepts on this dataset: Concepts are not supported on datasets outside the v1 pipeline',
			);
			expect(error?.description).toMatch(/^Concepts work only on datasets that use/);
		} finally {
			await proxy.close();
		}
	});

	test('400 "invalid concept name" is explained: what was refused and how to name a concept', async () => {
		const { error } = await run('concept', {
			operation: 'create',
			name: '2 beaches!',
			datasetId: byId(SEED_DATASET_IDS.demoImages),
		});
		expect(error?.message).toMatch(/^The concept name was refused: Invalid concept name '2 beaches!'/);
		expect(error?.description).toMatch(/column name in SQL/);
		expect(error?.description).toMatch(/unique within its dataset/);
		expect((error as unknown as { httpCode: string }).httpCode).toBe('400');
	});

	test('a name already used in the same dataset is refused with the same explanation; another dataset may reuse it', async () => {
		const duplicate = await run('concept', {
			operation: 'create',
			name: 'beach',
			datasetId: byId(SEED_DATASET_IDS.demoImages),
		});
		expect(duplicate.error?.message).toMatch(/^The concept name was refused: .*already exists/);
		const elsewhere = await run('concept', {
			operation: 'create',
			name: 'beach',
			datasetId: byId(SEED_DATASET_IDS.demoMixed),
		});
		expect(elsewhere.error).toBeUndefined();
		expect(elsewhere.items[0].json).toMatchObject({ name: 'beach', datasetId: SEED_DATASET_IDS.demoMixed });
	});

	test('an unknown or deleted dataset is a 404 about the dataset', async () => {
		const { error } = await run('concept', {
			operation: 'create',
			name: 'x',
			datasetId: byId(SEED_DATASET_IDS.demoArchived),
		});
		expect(error?.message).toBe(`Dataset ${SEED_DATASET_IDS.demoArchived} not found`);
		expect(error?.description).toMatch(/From list/);
		expect((error as unknown as { httpCode: string }).httpCode).toBe('404');
	});

	test('an empty name, a dataset ID that is not a version-4 UUID or a threshold above 1 are refused before any request', async () => {
		const empty = await run('concept', {
			operation: 'create',
			name: '  ',
			datasetId: byId(SEED_DATASET_IDS.demoImages),
		});
		expect(empty.error?.message).toBe('Invalid Name in item 0: it is empty');
		const v1 = await run('concept', { operation: 'create', name: 'ok', datasetId: byId(UUID_V1) });
		expect(v1.error?.message).toBe(`Invalid Dataset in item 0: "${UUID_V1}" is not a version-4 UUID`);
		const threshold = await run('concept', {
			operation: 'create',
			name: 'ok',
			datasetId: byId(SEED_DATASET_IDS.demoImages),
			additionalFields: { threshold: 1.5 },
		});
		expect(threshold.error?.message).toBe('Invalid Threshold in item 0: "1.5" is out of range');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Concept: Get, Update, Delete', () => {
	test('a concept By Name: one read of the concept list serves every name of the run; no such name names the parameter', async () => {
		const named = byName('={{ $json.concept }}');
		const { items, error } = await run('concept', { operation: 'get', conceptId: named }, [
			{ concept: 'beach' },
			{ concept: 'stadium' },
			{ concept: 'beach' },
		]);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.conceptId)).toEqual([
			SEED_CONCEPT_IDS.beach,
			SEED_CONCEPT_IDS.stadium,
			SEED_CONCEPT_IDS.beach,
		]);
		expect(bed.apiRequests().filter((r) => r.path === '/api/v1/concepts')).toHaveLength(1);
		bed.sandbox.clearRequestLog();
		const missing = await run('label', { operation: 'getMany', conceptId: byName('Beach') });
		expect(missing.error?.message).toBe('Invalid Concept in item 0: no concept is named "Beach"');
		expect(bed.apiRequests().filter((r) => r.path !== '/api/v1/concepts')).toEqual([]);
	});

	test('gets a concept chosen from the list or by ID', async () => {
		const listed = await run('concept', { operation: 'get', conceptId: fromList(SEED_CONCEPT_IDS.beach) });
		expect(listed.items[0].json).toMatchObject({ conceptId: SEED_CONCEPT_IDS.beach, name: 'beach' });
		const typed = await run('concept', {
			operation: 'get',
			conceptId: byId(` ${SEED_CONCEPT_IDS.stadium.toUpperCase()} `),
		});
		expect(typed.items[0].json).toMatchObject({ conceptId: SEED_CONCEPT_IDS.stadium, name: 'stadium' });
	});

	test('404 names the concept and says how to find it', async () => {
		const { error } = await run('concept', { operation: 'get', conceptId: byId(UNKNOWN_CONCEPT) });
		expect(error?.message).toBe(`Concept ${UNKNOWN_CONCEPT} not found`);
		expect(error?.description).toMatch(/From list/);
		expect((error as unknown as { httpCode: string }).httpCode).toBe('404');
	});

	test('a concept ID that is not a version-4 UUID is refused before any request, naming the item', async () => {
		const { error } = await run('concept', { operation: 'get', conceptId: byId('={{ $json.id }}') }, [
			{ id: SEED_CONCEPT_IDS.beach },
			{ id: UUID_V1 },
		]);
		expect(error?.message).toBe(`Invalid Concept in item 1: "${UUID_V1}" is not a version-4 UUID`);
		// Items run side by side: the one before may have been sent; nothing else is.
		expect(bed.apiRequests().filter((r) => r.path !== `/api/v1/concepts/${SEED_CONCEPT_IDS.beach}`)).toEqual([]);
	});

	test('updates only the fields given', async () => {
		const { items, error } = await run('concept', {
			operation: 'update',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			updateFields: { name: 'sandy_beach', threshold: 0.65 },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			name: 'sandy_beach',
			threshold: 0.65,
			description: 'Sandy beaches and sea shore',
		});
		expect(bed.apiRequests()[0]).toMatchObject({ method: 'PATCH', body: { name: 'sandy_beach', threshold: 0.65 } });
	});

	test('renaming to a name the dataset already uses is explained; no fields is refused before any request', async () => {
		await createConcept('city');
		const clash = await run('concept', {
			operation: 'update',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			updateFields: { name: 'city' },
		});
		expect(clash.error?.message).toMatch(/^The concept name was refused/);
		bed.sandbox.clearRequestLog();
		const none = await run('concept', {
			operation: 'update',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			updateFields: {},
		});
		expect(none.error?.message).toBe('Invalid Update Fields in item 0: no field to update was added');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('delete returns {deleted: true}; deleting again is an explained 404', async () => {
		const deleted = await run('concept', { operation: 'delete', conceptId: byId(SEED_CONCEPT_IDS.stadium) });
		// The service's own answer (the sandbox answers the deleted concept) is kept as it came.
		expect(deleted.items.map((i) => i.json)).toEqual([
			{
				deleted: true,
				id: SEED_CONCEPT_IDS.stadium,
				response: expect.objectContaining({ conceptId: SEED_CONCEPT_IDS.stadium, name: 'stadium' }),
			},
		]);
		const again = await run('concept', { operation: 'delete', conceptId: byId(SEED_CONCEPT_IDS.stadium) });
		expect(again.error?.message).toBe(`Concept ${SEED_CONCEPT_IDS.stadium} not found`);
	});
});

describe('Concept: Get Many', () => {
	test('Return All walks every offset/limit page once (camelCase meta with total)', async () => {
		const names = Array.from({ length: 210 }, (_, i) => ({ name: `bulk_${String(i).padStart(3, '0')}` }));
		const created = await run(
			'concept',
			{ operation: 'create', name: '={{ $json.name }}', datasetId: byId(SEED_DATASET_IDS.demoMixed) },
			names,
		);
		expect(created.error).toBeUndefined();
		bed.sandbox.clearRequestLog();
		const { items, error } = await run('concept', { operation: 'getMany', returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(212);
		expect(new Set(items.map((i) => i.json.conceptId)).size).toBe(212);
		expect(bed.apiRequests().map((r) => r.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '99', limit: '100' },
			{ offset: '198', limit: '100' },
		]);
	});

	test('Limit stops early', async () => {
		const { items } = await run('concept', { operation: 'getMany', returnAll: false, limit: 1 });
		expect(items).toHaveLength(1);
		expect(bed.apiRequests()).toHaveLength(1);
		expect(bed.apiRequests()[0].query).toEqual({ offset: '0', limit: '1' });
	});

	test('the dataset filter goes out as repeated keys and selects those datasets', async () => {
		await createConcept('kitchen', SEED_DATASET_IDS.demoMixed);
		bed.sandbox.clearRequestLog();
		const { items } = await run('concept', {
			operation: 'getMany',
			returnAll: true,
			filters: { datasetIds: `${SEED_DATASET_IDS.demoImages}, ${SEED_DATASET_IDS.demoVideos}` },
		});
		expect(items.map((i) => i.json.name).sort()).toEqual(['beach', 'stadium']);
		expect(bed.apiRequests()[0].rawQuery).toContain(
			`datasets=${SEED_DATASET_IDS.demoImages}&datasets=${SEED_DATASET_IDS.demoVideos}`,
		);
	});

	test('a filter item that is not a version-4 UUID is refused before any request; an unknown dataset is a 404', async () => {
		const bad = await run('concept', {
			operation: 'getMany',
			returnAll: true,
			filters: { datasetIds: `${SEED_DATASET_IDS.demoImages}, ${UUID_V1}` },
		});
		expect(bad.error?.message).toBe(`Invalid Dataset IDs in item 0: "${UUID_V1}" is not a version-4 UUID`);
		expect(bed.sandbox.requests).toHaveLength(0);
		const unknown = await run('concept', {
			operation: 'getMany',
			returnAll: true,
			filters: { datasetIds: SEED_DATASET_IDS.demoArchived },
		});
		expect(unknown.error?.message).toBe(
			`A dataset in the filter was not found (Dataset not found: ${SEED_DATASET_IDS.demoArchived})`,
		);
	});
});

describe('Concept: Estimate Predictions', () => {
	test('sends threshold, confidence level and fidelity and returns the estimate', async () => {
		const { items, error } = await run('concept', {
			operation: 'estimatePredictions',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			threshold: 0.6,
			options: { confidenceLevel: 0.9, estimationFidelity: 500 },
		});
		expect(error).toBeUndefined();
		expect(bed.apiRequests()[0]).toMatchObject({
			path: `/api/v1/concepts/${SEED_CONCEPT_IDS.beach}/prediction_estimation`,
			query: { threshold: '0.6', confidence_level: '0.9', estimation_fidelity: '500' },
		});
		const { probabilityRanges, estimates, confidenceIntervals } = items[0].json as {
			probabilityRanges: number[][];
			estimates: number[];
			confidenceIntervals: number[][];
		};
		expect(probabilityRanges[0]).toEqual([0.6, 0.7]);
		expect(probabilityRanges[probabilityRanges.length - 1][1]).toBe(1);
		expect(estimates).toHaveLength(probabilityRanges.length);
		// beach-000, beach-008 and beach-016 show the concept; two are labelled positive.
		expect(estimates.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
		confidenceIntervals.forEach(([low, high], i) => expect(low <= estimates[i] && estimates[i] <= high).toBe(true));
	});

	test('a confidence level of 1 or a fidelity of 0 is refused before any request', async () => {
		const level = await run('concept', {
			operation: 'estimatePredictions',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			options: { confidenceLevel: 1 },
		});
		expect(level.error?.message).toBe('Invalid Confidence Level in item 0: 1 is not between 0 and 1');
		const fidelity = await run('concept', {
			operation: 'estimatePredictions',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			options: { estimationFidelity: 0 },
		});
		expect(fidelity.error?.message).toBe('Invalid Estimation Fidelity in item 0: "0" is out of range');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Label: Update and Get Many', () => {
	const getLabels = async (parameters: Record<string, unknown> = {}) => {
		const { items, error } = await run('label', {
			operation: 'getMany',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			returnAll: true,
			...parameters,
		});
		expect(error).toBeUndefined();
		return items.map((i) => i.json as IDataObject);
	};
	const labelOf = (labels: IDataObject[], imageId: string) =>
		labels.find((l) => ((l.image ?? l.keyframe) as IDataObject).coactiveImageId === imageId)?.label;

	test('adds labels by image ID and by image path, overwrites an existing one and removes one', async () => {
		const [beach16, city1, city9, beach0] = [seededImage(16), seededImage(1), seededImage(9), seededImage(0)];
		const { items, error } = await run('label', {
			operation: 'update',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			labels: {
				label: [
					{ identifyBy: 'imageId', image: beach16.id, value: 'positive' },
					{ identifyBy: 'imagePath', image: city9.path, value: 'negative' },
					// city-001 is seeded as negative: overwritten.
					{ identifyBy: 'imageId', image: city1.id, value: 'positive' },
					{ identifyBy: 'imageId', image: beach0.id, value: 'remove' },
				],
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ conceptId: SEED_CONCEPT_IDS.beach });
		expect(bed.apiRequests()[0].body).toEqual({
			labels: [
				{ coactiveImageId: beach16.id, label: 'positive' },
				{ imagePath: city9.path, label: 'negative' },
				{ coactiveImageId: city1.id, label: 'positive' },
				{ coactiveImageId: beach0.id, label: null },
			],
		});
		const labels = await getLabels();
		expect(labelOf(labels, beach16.id)).toBe('positive');
		expect(labelOf(labels, city9.id)).toBe('negative');
		expect(labelOf(labels, city1.id)).toBe('positive');
		expect(labelOf(labels, beach0.id)).toBeUndefined();
		expect(labels).toHaveLength(4); // beach-008 (seeded) + three set here
	});

	test('labels a video keyframe by its image ID', async () => {
		const video = [...bed.sandbox.store.assets.values()].find(
			(a) => a.datasetId === SEED_DATASET_IDS.demoVideos,
		) as AssetRecord;
		const keyframe = keyframesOf(video)[2];
		const { error } = await run('label', {
			operation: 'update',
			conceptId: byId(SEED_CONCEPT_IDS.stadium),
			labels: { label: [{ identifyBy: 'imageId', image: keyframe.id, value: 'positive' }] },
		});
		expect(error).toBeUndefined();
		const { items } = await run('label', {
			operation: 'getMany',
			conceptId: byId(SEED_CONCEPT_IDS.stadium),
			returnAll: true,
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			label: 'positive',
			image: null,
			keyframe: { coactiveImageId: keyframe.id, video: { coactiveVideoId: video.id }, timestamp: keyframe.timestampMs },
		});
	});

	test('Labels to Include goes out as repeated keys and filters', async () => {
		const positives = await getLabels({ filters: { labelsToInclude: ['positive'] } });
		expect(positives.map((l) => l.label)).toEqual(['positive', 'positive']);
		expect(bed.apiRequests()[0].rawQuery).toContain('labels_to_include=positive');
		const both = await getLabels({ filters: { labelsToInclude: ['negative', 'positive'] } });
		expect(both).toHaveLength(3);
		expect(bed.apiRequests()[1].rawQuery).toContain('labels_to_include=negative&labels_to_include=positive');
	});

	test('Return All walks every page of labels; Limit stops early', async () => {
		addImages(150);
		const sampled = await run('label', {
			operation: 'update',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			options: { autosampledNumNegativeLabels: 150 },
		});
		expect(sampled.error).toBeUndefined();
		expect(bed.apiRequests()[0].body).toEqual({ labels: [], autosampledNumNegativeLabels: 150 });
		bed.sandbox.clearRequestLog();
		const labels = await getLabels();
		expect(labels).toHaveLength(153);
		expect(new Set(labels.map((l) => l.labelId)).size).toBe(153);
		expect(bed.apiRequests().map((r) => r.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '99', limit: '100' },
		]);
		const few = await run('label', {
			operation: 'getMany',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			returnAll: false,
			limit: 5,
		});
		expect(few.items).toHaveLength(5);
	});

	test('an image the dataset does not have is a 422 naming the label entry', async () => {
		const { error } = await run('label', {
			operation: 'update',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			labels: { label: [{ identifyBy: 'imagePath', image: 's3://nowhere/x.jpg', value: 'positive' }] },
		});
		expect(error?.message).toMatch(
			/^The Media Analysis Service rejected the request as invalid: labels\.0\.imagePath: /,
		);
	});

	test('an image ID that is not a version-4 UUID, an empty path or no labels at all are refused before any request', async () => {
		const badId = await run('label', {
			operation: 'update',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			labels: { label: [{ identifyBy: 'imageId', image: 'img-1', value: 'positive' }] },
		});
		expect(badId.error?.message).toBe('Invalid Labels (entry 1) Image ID in item 0: "img-1" is not a UUID');
		const noPath = await run('label', {
			operation: 'update',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			labels: {
				label: [
					{ identifyBy: 'imageId', image: seededImage(2).id },
					{ identifyBy: 'imagePath', image: '' },
				],
			},
		});
		expect(noPath.error?.message).toBe('Invalid Labels (entry 2) Image Path in item 0: it is empty');
		const none = await run('label', { operation: 'update', conceptId: byId(SEED_CONCEPT_IDS.beach), labels: {} });
		expect(none.error?.message).toBe('Invalid Labels in item 0: no label was added');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('labels of an unknown concept: explained 404', async () => {
		const { error } = await run('label', { operation: 'getMany', conceptId: byId(UNKNOWN_CONCEPT), returnAll: true });
		expect(error?.message).toBe(`Concept ${UNKNOWN_CONCEPT} not found`);
	});
});

describe('Label: Get Many Candidates', () => {
	test('returns up to the requested number of unlabelled images, one item each', async () => {
		const { items, error } = await run('label', {
			operation: 'getCandidates',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			numberOfCandidates: 20,
		});
		expect(error).toBeUndefined();
		expect(bed.apiRequests()[0].query).toEqual({ limit: '20' });
		expect(items).toHaveLength(20);
		const labelled = [seededImage(0).id, seededImage(8).id, seededImage(1).id];
		for (const item of items) {
			const image = item.json.image as IDataObject;
			expect(image.coactiveImageId).toEqual(expect.any(String));
			expect(labelled).not.toContain(image.coactiveImageId);
		}
	});

	test("by default asks for 1 candidate, the service's default", async () => {
		const { items, error } = await run('label', {
			operation: 'getCandidates',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
		});
		expect(error).toBeUndefined();
		expect(bed.apiRequests()[0].query).toEqual({ limit: '1' });
		expect(items).toHaveLength(1);
	});

	test('21 candidates is refused before any request', async () => {
		const { error } = await run('label', {
			operation: 'getCandidates',
			conceptId: byId(SEED_CONCEPT_IDS.beach),
			numberOfCandidates: 21,
		});
		expect(error?.message).toBe('Invalid Number of Candidates in item 0: "21" is out of range');
		expect(error?.description).toBe('Number of Candidates must be a whole number from 1 to 20.');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

const BEACH_URL = 'https://images.example.com/summer/beach-sunset.jpg';

describe('Classification: Classify Image of a URL', () => {
	const classify = (parameters: Record<string, unknown>, inputItems?: IDataObject[], continueOnFail = false) =>
		run(
			'classification',
			{ operation: 'classifyImage', imageUrl: BEACH_URL, ...parameters },
			inputItems,
			continueOnFail,
		);

	test('against every concept of a dataset: a beach photo is positive for "beach"', async () => {
		await createConcept('office_desk');
		bed.sandbox.clearRequestLog();
		const { items, error } = await classify({
			classifyAgainst: 'dataset',
			datasetId: fromList(SEED_DATASET_IDS.demoImages),
		});
		expect(error).toBeUndefined();
		const scores = items[0].json.scores as IDataObject[];
		expect(scores.map((s) => s.conceptName)).toEqual(['beach', 'office_desk']);
		expect(scores[0]).toMatchObject({ conceptId: SEED_CONCEPT_IDS.beach, positive: true, threshold: 0.5 });
		expect(scores[1]).toMatchObject({ positive: false });
		// The output names the image it scored and the dataset; no Threshold was added, so none is sent.
		expect(items[0].json).toMatchObject({ image_url: BEACH_URL, dataset_id: SEED_DATASET_IDS.demoImages });
		expect(items[0].json.hint).toBeUndefined();
		expect(bed.apiRequests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/v1/classify/image/url',
			query: {},
			body: { url: BEACH_URL, datasetId: SEED_DATASET_IDS.demoImages },
		});
	});

	test('a dataset with no concepts gives a hint that says what to do, not a silent empty list', async () => {
		const { items, error } = await classify({
			classifyAgainst: 'dataset',
			datasetId: byId(SEED_DATASET_IDS.demoMixed),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ image_url: BEACH_URL, scores: [] });
		expect(items[0].json.hint).toMatch(/has no concepts yet.*Concept → Create/);
	});

	test('threshold edge: a score equal to the threshold is not positive, just below it is', async () => {
		const first = await classify({ classifyAgainst: 'concepts', conceptIds: [SEED_CONCEPT_IDS.beach] });
		const score = (first.items[0].json.scores as IDataObject[])[0].score as number;
		expect(score).toBeGreaterThan(0.5);
		const atScore = await classify({
			classifyAgainst: 'concepts',
			conceptIds: [SEED_CONCEPT_IDS.beach],
			options: { threshold: score },
		});
		expect((atScore.items[0].json.scores as IDataObject[])[0]).toMatchObject({
			score,
			threshold: score,
			positive: false,
		});
		expect(bed.apiRequests().at(-1)?.query).toEqual({ threshold: String(score) });
		const below = await classify({
			classifyAgainst: 'concepts',
			conceptIds: [SEED_CONCEPT_IDS.beach],
			options: { threshold: score - 0.0001 },
		});
		expect((below.items[0].json.scores as IDataObject[])[0]).toMatchObject({ score, positive: true });
	});

	test('against chosen concepts (IDs also from an expression) the same image gets the same scores', async () => {
		const chosen = await classify({
			classifyAgainst: 'concepts',
			conceptIds: [SEED_CONCEPT_IDS.beach, SEED_CONCEPT_IDS.stadium],
		});
		expect(bed.apiRequests()[0].body).toEqual({
			url: BEACH_URL,
			conceptIds: [SEED_CONCEPT_IDS.beach, SEED_CONCEPT_IDS.stadium],
		});
		const fromExpression = await classify({ classifyAgainst: 'concepts', conceptIds: '={{ $json.ids }}' }, [
			{ ids: `${SEED_CONCEPT_IDS.beach},${SEED_CONCEPT_IDS.stadium}` },
		]);
		expect(fromExpression.items[0].json).toEqual(chosen.items[0].json);
	});

	test('an unknown dataset is an explained 404', async () => {
		const { error } = await classify({ classifyAgainst: 'dataset', datasetId: byId(SEED_DATASET_IDS.demoArchived) });
		expect(error?.message).toBe(`Dataset ${SEED_DATASET_IDS.demoArchived} not found`);
		expect(error?.description).toMatch(/existing dataset/);
		expect((error as unknown as { httpCode: string }).httpCode).toBe('404');
		const concept = await classify({ classifyAgainst: 'concepts', conceptIds: [UNKNOWN_CONCEPT] });
		expect(concept.error?.message).toBe(`A chosen concept was not found (Concept not found: ${UNKNOWN_CONCEPT})`);
		expect(concept.error?.description).toMatch(/Choose the concepts from the list again/);
	});

	test('a bad URL, no concepts or a threshold above 1 are refused before any request; Continue On Fail keeps pairing', async () => {
		const { items, error } = await classify(
			{ imageUrl: '={{ $json.url }}', classifyAgainst: 'concepts', conceptIds: [SEED_CONCEPT_IDS.beach] },
			[{ url: 'ftp://example.com/a.jpg' }, { url: BEACH_URL }, { url: 'not a url' }],
			true,
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.error).toBe(
			'Invalid Image URL in item 0: "ftp://example.com/a.jpg" is not an http or https URL',
		);
		expect(items[1].json.scores).toHaveLength(1);
		expect(items[2].json.error).toBe('Invalid Image URL in item 2: "not a url" is not an http or https URL');
		bed.sandbox.clearRequestLog();
		// An empty list from the editor is stopped by n8n itself (required); one from an expression reaches the node.
		const none = await classify({ classifyAgainst: 'concepts', conceptIds: '={{ [] }}' });
		expect(none.error?.message).toBe('Invalid Concepts in item 0: no concept was chosen');
		const threshold = await classify({
			classifyAgainst: 'dataset',
			datasetId: byId(SEED_DATASET_IDS.demoImages),
			options: { threshold: 2 },
		});
		expect(threshold.error?.message).toBe('Invalid Threshold in item 0: "2" is out of range');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Classification: Classify Image (the asset named, flat per-concept fields)', () => {
	const classify = (parameters: Record<string, unknown>, inputItems?: IDataObject[], continueOnFail = false) =>
		run(
			'classification',
			{ operation: 'classifyImage', imageUrl: '={{ $json.source_path }}', ...parameters },
			inputItems,
			continueOnFail,
		);
	const CITY_URL = 'https://images.example.com/autumn/city-skyline.jpg';
	/** Rows as Ingestion gives them (a CSV column kept with Include Input Fields). */
	const rows = [
		{ asset_id: 'a-1', source_path: BEACH_URL, status: 'completed', campaign: 'summer' },
		{ asset_id: 'a-2', source_path: CITY_URL, status: 'completed', campaign: 'autumn' },
	];

	test('one item per input naming its asset, with <concept>_score and <concept>_positive for each concept of the dataset', async () => {
		await createConcept('Office_Desk');
		const { items, error } = await classify(
			{ classifyAgainst: 'dataset', datasetId: byName(SEED_DATASET_NAMES.demoImages) },
			rows,
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const [beach, city] = items.map((item) => item.json);
		const scores = beach.scores as IDataObject[];
		expect(scores.map((score) => score.conceptName)).toEqual(['beach', 'Office_Desk']);
		expect(beach).toEqual({
			asset_id: 'a-1',
			source_path: BEACH_URL,
			image_url: BEACH_URL,
			beach_score: scores[0].score,
			beach_positive: true,
			office_desk_score: scores[1].score,
			office_desk_positive: false,
			positive_concepts: ['beach'],
			dataset_id: SEED_DATASET_IDS.demoImages,
			scores,
		});
		// positive_concepts names what scored above the threshold, whatever the dataset's concepts: none for the city.
		expect(city).toMatchObject({
			asset_id: 'a-2',
			source_path: CITY_URL,
			beach_positive: false,
			positive_concepts: [],
		});
		// Against a whole dataset the number of concepts can change, so no plain score: an IF reads beach_score.
		expect(beach.score).toBeUndefined();
		expect(Object.keys(beach).slice(0, 3)).toEqual(['asset_id', 'source_path', 'image_url']);
	});

	test('Include Input Fields: the row comes first, the classification wins on a field of the same name', async () => {
		const input = [{ ...rows[0], dataset_id: 'from the row', scores: 'from the row' }];
		const { items } = await classify(
			{ classifyAgainst: 'dataset', datasetId: fromList(SEED_DATASET_IDS.demoImages), includeInputFields: true },
			input,
		);
		expect(items[0].json).toMatchObject({
			campaign: 'summer',
			status: 'completed',
			asset_id: 'a-1',
			dataset_id: SEED_DATASET_IDS.demoImages,
			beach_positive: true,
		});
		expect(items[0].json.scores).toEqual(expect.any(Array));
		expect(Object.keys(items[0].json).slice(0, 4)).toEqual(['asset_id', 'source_path', 'status', 'campaign']);
		const without = await classify(
			{ classifyAgainst: 'dataset', datasetId: fromList(SEED_DATASET_IDS.demoImages) },
			input,
		);
		expect(without.items[0].json.campaign).toBeUndefined();
	});

	test('one concept chosen: plain score and positive too; the asset from a trigger event, else the URL stands for it', async () => {
		const event = { event: 'assetCompleted', asset_id: 'a-9', source_path: BEACH_URL };
		const { items } = await classify(
			{
				imageUrl: '={{ $json.source_path ?? $json.url }}',
				classifyAgainst: 'concepts',
				conceptIds: [SEED_CONCEPT_IDS.beach],
			},
			[event, { url: CITY_URL }],
		);
		const [beach, city] = items.map((item) => item.json);
		expect(beach).toMatchObject({
			asset_id: 'a-9',
			source_path: BEACH_URL,
			score: beach.beach_score,
			positive: true,
			dataset_id: null,
		});
		expect(city).toMatchObject({
			asset_id: null,
			source_path: CITY_URL,
			image_url: CITY_URL,
			score: city.beach_score,
			positive: false,
		});
		expect(bed.apiRequests().find((request) => (request.body as { url?: string }).url === BEACH_URL)?.body).toEqual({
			url: BEACH_URL,
			conceptIds: [SEED_CONCEPT_IDS.beach],
		});
		const two = await classify(
			{ classifyAgainst: 'concepts', conceptIds: [SEED_CONCEPT_IDS.beach, SEED_CONCEPT_IDS.stadium] },
			[rows[0]],
		);
		expect(two.items[0].json).toMatchObject({ beach_positive: true, stadium_positive: false });
		expect(two.items[0].json.score).toBeUndefined();
	});

	test('concepts whose names give the same field name get _2, _3 in the order scored', async () => {
		const mixedBeach = await createConcept('BEACH', SEED_DATASET_IDS.demoMixed);
		const { items } = await classify(
			{ classifyAgainst: 'concepts', conceptIds: [SEED_CONCEPT_IDS.beach, mixedBeach] },
			[rows[0]],
		);
		const scores = items[0].json.scores as IDataObject[];
		expect(items[0].json).toMatchObject({ beach_score: scores[0].score, beach_2_score: scores[1].score });
	});

	test('a dataset with no concepts: the hint, and no concept fields', async () => {
		const { items } = await classify({ classifyAgainst: 'dataset', datasetId: byId(SEED_DATASET_IDS.demoMixed) }, [
			rows[0],
		]);
		expect(items[0].json).toMatchObject({ asset_id: 'a-1', scores: [], dataset_id: SEED_DATASET_IDS.demoMixed });
		expect(items[0].json.hint).toMatch(/has no concepts yet/);
	});
});

describe('Concept lists', () => {
	test("From list searches concepts by name across pages, each described by its dataset's name", async () => {
		const found = await bed.harness.runListSearch({ type, method: 'searchConcepts', filter: 'BEA' });
		expect(found.results).toEqual([
			{
				name: 'beach',
				value: SEED_CONCEPT_IDS.beach,
				description: `Dataset ${SEED_DATASET_NAMES.demoImages} · Sandy beaches and sea shore`,
			},
		]);
		const all = await bed.harness.runListSearch({ type, method: 'searchConcepts' });
		expect(all.results.map((r) => r.name).sort()).toEqual(['beach', 'stadium']);
		expect(all.results.map((r) => String(r.description).split(' · ')[0]).sort()).toEqual([
			`Dataset ${SEED_DATASET_NAMES.demoImages}`,
			`Dataset ${SEED_DATASET_NAMES.demoVideos}`,
		]);
		expect(all.paginationToken).toBeUndefined();
	});

	test('the Classification concept list holds every concept sorted by name, or only those of the Dataset chosen', async () => {
		await createConcept('aerial');
		await createConcept('aerial', SEED_DATASET_IDS.demoVideos);
		const { conceptId } = (
			await run('concept', {
				operation: 'update',
				conceptId: byId(SEED_CONCEPT_IDS.beach),
				updateFields: { description: 'Sand and sea' },
			})
		).items[0].json;
		expect(conceptId).toBe(SEED_CONCEPT_IDS.beach);
		const options = await bed.harness.runLoadOptions({ type, method: 'getConcepts' });
		expect(options.map((o) => o.name)).toEqual(['aerial', 'aerial', 'beach', 'stadium']);
		expect(options.map((o) => `${o.name} (${o.description})`).sort()).toEqual([
			`aerial (Dataset ${SEED_DATASET_NAMES.demoImages})`,
			`aerial (Dataset ${SEED_DATASET_NAMES.demoVideos})`,
			`beach (Dataset ${SEED_DATASET_NAMES.demoImages} · Sand and sea)`,
			`stadium (Dataset ${SEED_DATASET_NAMES.demoVideos})`,
		]);
		// The list depends on the Dataset (From list, By ID or By Name): only its concepts, one request for the
		// concepts with the service's dataset filter.
		const classifying = { resource: 'classification', operation: 'classifyImage', classifyAgainst: 'concepts' };
		for (const datasetId of [
			fromList(SEED_DATASET_IDS.demoVideos),
			byId(SEED_DATASET_IDS.demoVideos),
			byName(SEED_DATASET_NAMES.demoVideos),
		]) {
			bed.sandbox.clearRequestLog();
			const scoped = await bed.harness.runLoadOptions({
				type,
				method: 'getConcepts',
				parameters: { ...classifying, datasetId },
			});
			expect(scoped.map((o) => `${o.name} (${o.description})`)).toEqual([
				`aerial (Dataset ${SEED_DATASET_NAMES.demoVideos})`,
				`stadium (Dataset ${SEED_DATASET_NAMES.demoVideos})`,
			]);
			expect(bed.apiRequests().find((r) => r.path === '/api/v1/concepts')?.query).toMatchObject({
				datasets: SEED_DATASET_IDS.demoVideos,
			});
		}
		const unknown = bed.harness.runLoadOptions({
			type,
			method: 'getConcepts',
			parameters: { ...classifying, datasetId: byName('nope') },
		});
		await expect(unknown).rejects.toThrow('no dataset is named "nope"');
		// An expression is not resolved in the editor: every concept is listed.
		const expression = await bed.harness.runLoadOptions({
			type,
			method: 'getConcepts',
			parameters: { ...classifying, datasetId: byId('={{ $json.dataset }}') },
		});
		expect(expression).toHaveLength(4);
	});
});
