/* Dev-only: the sandbox's concept routes behave like the service (camelCase, status codes, error bodies). */
import { SEED_CONCEPT_IDS, conceptScore } from '../../sandbox/concepts/model';
import { estimatePredictions } from '../../sandbox/concepts/estimation';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { visualItemsOf } from '../../sandbox/search/media';
import { useSandbox } from './helpers';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const UUID_V1 = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
const BEACH = SEED_CONCEPT_IDS.beach;

describe('concept routes', () => {
	const { sandbox, api } = useSandbox({ client: true });

	const imageAt = (index: number) =>
		[...sandbox.store.assets.values()].find(
			(a) => a.datasetId === SEED_DATASET_IDS.demoImages && a.metadata.index === index,
		)!;

	describe('POST /api/v1/concepts', () => {
		it('creates a concept with the schema defaults, in camelCase', async () => {
			const reply = await api.post('/api/v1/concepts', { name: 'sunset', datasetId: SEED_DATASET_IDS.demoImages });
			expect(reply.status).toBe(200);
			expect(Object.keys(reply.body).sort()).toEqual([
				'conceptId',
				'createdDt',
				'createdUserId',
				'datasetId',
				'description',
				'name',
				'regularization',
				'threshold',
				'updatedDt',
				'updatedUserId',
			]);
			expect(reply.body).toMatchObject({
				name: 'sunset',
				description: null,
				threshold: 0.8,
				regularization: 0.0625,
				createdUserId: 'sandbox-demo-user',
			});
			expect(reply.body.conceptId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		});

		it('refuses a dataset whose encoder concepts do not work with (400, the rule in the detail)', async () => {
			const dataset = await api.post('/api/v1/datasets', { name: 'resnet_set', encoder_name: 'resnet-50' });
			const reply = await api.post('/api/v1/concepts', { name: 'sunset', datasetId: dataset.body.id });
			expect(reply.status).toBe(400);
			expect(reply.body.detail).toMatch(
				/^Concepts are not supported for datasets with encoder 'resnet-50'; use a dataset with multimodal-tx-large2/,
			);
			expect(sandbox.store.concepts.concepts.size).toBe(
				[...sandbox.store.concepts.concepts.values()].filter((c) => c.datasetId !== dataset.body.id).length,
			);
		});

		it.each([
			['2fast', 'starts with a digit'],
			['has space', 'has a space'],
			['x'.repeat(64), 'is longer than 63 characters'],
		])('400 ErrorResponse for a name that %s (%s)', async (name) => {
			const reply = await api.post('/api/v1/concepts', { name, datasetId: SEED_DATASET_IDS.demoImages });
			expect(reply.status).toBe(400);
			expect(reply.body).toEqual({ detail: expect.stringMatching(/^Invalid concept name/) });
		});

		it('names are unique within a dataset only', async () => {
			const clash = await api.post('/api/v1/concepts', { name: 'beach', datasetId: SEED_DATASET_IDS.demoImages });
			expect(clash.status).toBe(400);
			expect(clash.body.detail).toMatch(/already exists/);
			const other = await api.post('/api/v1/concepts', { name: 'beach', datasetId: SEED_DATASET_IDS.demoVideos });
			expect(other.status).toBe(200);
		});

		it('404 for an unknown or soft-deleted dataset; 422 for a dataset id that is not version 4', async () => {
			expect((await api.post('/api/v1/concepts', { name: 'a', datasetId: UNKNOWN })).status).toBe(404);
			expect((await api.post('/api/v1/concepts', { name: 'a', datasetId: SEED_DATASET_IDS.demoArchived })).status).toBe(
				404,
			);
			const v1 = await api.post('/api/v1/concepts', { name: 'a', datasetId: UUID_V1, threshold: 2 });
			expect(v1.status).toBe(422);
			expect(v1.body.detail).toEqual([
				{ loc: ['body', 'threshold'], msg: 'Input should be less than or equal to 1', type: 'less_than_equal' },
				{ loc: ['body', 'datasetId'], msg: 'UUID version 4 expected', type: 'uuid_version' },
			]);
		});
	});

	describe('GET /api/v1/concepts', () => {
		it('pages with offset/limit and camelCase meta, links and sort', async () => {
			for (let i = 0; i < 3; i++)
				await api.post('/api/v1/concepts', { name: `c${i}`, datasetId: SEED_DATASET_IDS.demoMixed });
			const reply = await api.get('/api/v1/concepts?offset=2&limit=2');
			expect(reply.status).toBe(200);
			expect(reply.body.meta.page).toEqual({ currentPage: 2, lastPage: 3, limit: 2, offset: 2, total: 5 });
			expect(reply.body.meta.links).toEqual({
				prev: '/api/v1/concepts?offset=0&limit=2',
				next: '/api/v1/concepts?offset=4&limit=2',
				first: '/api/v1/concepts?offset=0&limit=2',
				last: '/api/v1/concepts?offset=4&limit=2',
			});
			expect(reply.body.meta.sort).toEqual([{ direction: 'asc', field: 'createdDt' }]);
			expect(reply.body.data).toHaveLength(2);
		});

		it('filters by datasets given as repeated keys; brackets are ignored like FastAPI does', async () => {
			const both = await api.get(
				`/api/v1/concepts?datasets=${SEED_DATASET_IDS.demoImages}&datasets=${SEED_DATASET_IDS.demoVideos}`,
			);
			expect(both.body.data.map((c: { name: string }) => c.name).sort()).toEqual(['beach', 'stadium']);
			const one = await api.get(`/api/v1/concepts?datasets=${SEED_DATASET_IDS.demoVideos}`);
			expect(one.body.data.map((c: { name: string }) => c.name)).toEqual(['stadium']);
			const brackets = await api.get(`/api/v1/concepts?datasets[0]=${SEED_DATASET_IDS.demoVideos}`);
			expect(brackets.body.meta.page.total).toBe(2);
		});

		it('404 for an unknown dataset in the filter; 422 for a malformed one or a negative offset', async () => {
			expect((await api.get(`/api/v1/concepts?datasets=${UNKNOWN}`)).status).toBe(404);
			const bad = await api.get(`/api/v1/concepts?datasets=${UUID_V1}&offset=-1&limit=0`);
			expect(bad.status).toBe(422);
			expect(bad.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([
				['query', 'datasets', 0],
				['query', 'offset'],
				['query', 'limit'],
			]);
		});
	});

	describe('GET, PATCH, DELETE /api/v1/concepts/{concept_id}', () => {
		it('404 ErrorResponse for an unknown concept on every concept path', async () => {
			for (const [method, path] of [
				['get', ''],
				['patch', ''],
				['delete', ''],
				['get', '/labels'],
				['patch', '/labels'],
				['get', '/candidates'],
				['get', '/prediction_estimation'],
			] as const) {
				const body = method === 'patch' ? (path ? { labels: [] } : {}) : undefined;
				const reply = await api[method](`/api/v1/concepts/${UNKNOWN}${path}`, body);
				expect({ method, path, status: reply.status, body: reply.body }).toEqual({
					method,
					path,
					status: 404,
					body: { detail: `Concept not found: ${UNKNOWN}` },
				});
			}
		});

		it('422 for a concept id that is not version 4', async () => {
			const reply = await api.get(`/api/v1/concepts/${UUID_V1}`);
			expect(reply.status).toBe(422);
			expect(reply.body.detail[0]).toMatchObject({ loc: ['path', 'concept_id'], type: 'uuid_version' });
		});

		it('PATCH changes what is given; null clears the description only', async () => {
			const reply = await api.patch(`/api/v1/concepts/${BEACH}`, {
				description: null,
				threshold: null,
				regularization: 0.5,
			});
			expect(reply.body).toMatchObject({ description: null, threshold: 0.8, regularization: 0.5, name: 'beach' });
			sandbox.clock.advance(60_000);
			const renamed = await api.patch(`/api/v1/concepts/${BEACH}`, { name: 'shore' });
			expect(renamed.body.name).toBe('shore');
			expect(Date.parse(renamed.body.updatedDt)).toBeGreaterThan(Date.parse(renamed.body.createdDt));
		});

		it('DELETE removes the concept and its labels', async () => {
			const deleted = await api.delete(`/api/v1/concepts/${BEACH}`);
			expect(deleted.status).toBe(200);
			expect(deleted.body.conceptId).toBe(BEACH);
			expect((await api.get(`/api/v1/concepts/${BEACH}`)).status).toBe(404);
			expect(sandbox.store.concepts.labels.has(BEACH)).toBe(false);
		});
	});

	describe('labels', () => {
		it('PATCH overwrites an existing label (same label id), adds new ones and deletes on an empty label', async () => {
			const before = (await api.get(`/api/v1/concepts/${BEACH}/labels`)).body.data;
			const city = before.find(
				(l: { image: { coactiveImageId: string } }) => l.image.coactiveImageId === imageAt(1).id,
			);
			expect(city.label).toBe('negative');
			sandbox.clock.advance(1000);
			const reply = await api.patch(`/api/v1/concepts/${BEACH}/labels`, {
				labels: [
					{ coactiveImageId: imageAt(1).id, label: 'positive' },
					{ imagePath: imageAt(2).path, label: 'negative' },
					{ coactiveImageId: imageAt(0).id, label: null },
					{ imagePath: imageAt(8).path },
				],
			});
			expect(reply.status).toBe(200);
			expect(reply.body.conceptId).toBe(BEACH);
			const after = (await api.get(`/api/v1/concepts/${BEACH}/labels`)).body;
			expect(after.meta.page.total).toBe(2);
			const overwritten = after.data.find((l: { labelId: string }) => l.labelId === city.labelId);
			expect(overwritten).toMatchObject({ label: 'positive', createdDt: city.createdDt });
			expect(overwritten.updatedDt).not.toBe(city.updatedDt);
			expect(after.data.find((l: { image: { path: string } }) => l.image.path === imageAt(2).path).label).toBe(
				'negative',
			);
		});

		it('a label request needs exactly one of coactiveImageId and imagePath; unknown images change nothing', async () => {
			const neither = await api.patch(`/api/v1/concepts/${BEACH}/labels`, { labels: [{ label: 'positive' }] });
			expect(neither.status).toBe(422);
			expect(neither.body.detail[0]).toMatchObject({ loc: ['body', 'labels', 0], type: 'value_error' });
			const unknown = await api.patch(`/api/v1/concepts/${BEACH}/labels`, {
				labels: [
					{ coactiveImageId: imageAt(3).id, label: 'positive' },
					{ coactiveImageId: UNKNOWN, label: 'positive' },
				],
			});
			expect(unknown.status).toBe(422);
			expect(unknown.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'labels', 1, 'coactiveImageId'] })]);
			expect((await api.get(`/api/v1/concepts/${BEACH}/labels`)).body.meta.page.total).toBe(3);
		});

		it('only completed assets can be labelled', async () => {
			imageAt(5).status = 'processing_started';
			const reply = await api.patch(`/api/v1/concepts/${BEACH}/labels`, {
				labels: [{ coactiveImageId: imageAt(5).id, label: 'positive' }],
			});
			expect(reply.status).toBe(422);
		});

		it('labels_to_include filters; autosampled negatives take the lowest-scoring unlabelled items', async () => {
			await api.patch(`/api/v1/concepts/${BEACH}/labels`, { labels: [], autosampledNumNegativeLabels: 4 });
			const negatives = (await api.get(`/api/v1/concepts/${BEACH}/labels?labels_to_include=negative`)).body.data;
			expect(negatives).toHaveLength(5);
			for (const label of negatives) expect(label.image.metadata.topic).not.toBe('beach');
			const both = await api.get(
				`/api/v1/concepts/${BEACH}/labels?labels_to_include=negative&labels_to_include=positive`,
			);
			expect(both.body.meta.page.total).toBe(7);
			expect((await api.get(`/api/v1/concepts/${BEACH}/labels?labels_to_include=maybe`)).status).toBe(422);
		});
	});

	describe('candidates and prediction estimation', () => {
		it('candidates: unlabelled images or keyframes, 1 by default, at most 20', async () => {
			const one = await api.get(`/api/v1/concepts/${BEACH}/candidates`);
			expect(one.body.data).toHaveLength(1);
			const twenty = await api.get(`/api/v1/concepts/${BEACH}/candidates?limit=20`);
			expect(twenty.body.data).toHaveLength(20);
			expect(twenty.body.data[0]).toEqual({
				image: expect.objectContaining({ coactiveImageId: expect.any(String) }),
				keyframe: null,
			});
			const labelled = [imageAt(0).id, imageAt(1).id, imageAt(8).id];
			for (const candidate of twenty.body.data) expect(labelled).not.toContain(candidate.image.coactiveImageId);
			const over = await api.get(`/api/v1/concepts/${BEACH}/candidates?limit=21`);
			expect(over.status).toBe(422);
			expect(over.body.detail[0]).toMatchObject({ loc: ['query', 'limit'], type: 'less_than_equal' });
			const videos = await api.get(`/api/v1/concepts/${SEED_CONCEPT_IDS.stadium}/candidates?limit=2`);
			expect(videos.body.data[0]).toEqual({
				image: null,
				keyframe: expect.objectContaining({ video: expect.any(Object), shot: expect.any(Object) }),
			});
		});

		it('prediction estimation is deterministic and counts scores strictly above the threshold', async () => {
			const concept = sandbox.store.concepts.concepts.get(BEACH)!;
			const labels = sandbox.store.concepts.labelsOf(BEACH);
			const scores = visualItemsOf(sandbox.store.assets, concept.datasetId).map((item) =>
				conceptScore(concept, item, labels),
			);
			const top = Math.max(...scores);
			const total = async (threshold: number) => {
				const reply = await api.get(`/api/v1/concepts/${BEACH}/prediction_estimation?threshold=${threshold}`);
				expect(reply.status).toBe(200);
				return (reply.body.estimates as number[]).reduce((a, b) => a + b, 0);
			};
			const atTop = await total(top);
			expect(atTop).toBe(0); // a score equal to the threshold is not above it
			expect(await total(top - 0.0001)).toBe(1);
			const reply = await api.get(`/api/v1/concepts/${BEACH}/prediction_estimation`);
			expect(reply.body).toEqual(estimatePredictions(scores, 0.5, 0.95, 1000));
			expect(reply.body.probabilityRanges[0]).toEqual([0.5, 0.6]);
		});

		it('wider intervals with a higher confidence level, narrower with a higher fidelity; bad values are 422', async () => {
			const width = (body: { confidenceIntervals: number[][] }) =>
				body.confidenceIntervals.reduce((sum, [low, high]) => sum + high - low, 0);
			const base = (await api.get(`/api/v1/concepts/${BEACH}/prediction_estimation?threshold=0.2`)).body;
			const confident = (
				await api.get(`/api/v1/concepts/${BEACH}/prediction_estimation?threshold=0.2&confidence_level=0.999`)
			).body;
			const precise = (
				await api.get(`/api/v1/concepts/${BEACH}/prediction_estimation?threshold=0.2&estimation_fidelity=100000`)
			).body;
			expect(width(confident)).toBeGreaterThan(width(base));
			expect(width(precise)).toBeLessThan(width(base));
			const bad = await api.get(
				`/api/v1/concepts/${BEACH}/prediction_estimation?threshold=x&confidence_level=1&estimation_fidelity=0`,
			);
			expect(bad.status).toBe(422);
			expect(bad.body.detail.map((d: { loc: unknown[] }) => d.loc[1])).toEqual([
				'threshold',
				'confidence_level',
				'estimation_fidelity',
			]);
		});
	});
});
