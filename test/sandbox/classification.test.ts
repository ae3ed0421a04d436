/* Dev-only: the sandbox's URL classification behaves like the service (camelCase, threshold rule, 404/422). */
import { SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { useSandbox } from './helpers';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const URL = 'https://photos.example.org/holiday/beach-day.jpg';

describe('POST /api/v1/classify/image/url', () => {
	const { api } = useSandbox({ client: true });

	it('scores every concept of a dataset; the same URL always gets the same score', async () => {
		const first = await api.post('/api/v1/classify/image/url?threshold=0.5', {
			url: URL,
			datasetId: SEED_DATASET_IDS.demoImages,
		});
		expect(first.status).toBe(200);
		expect(first.body).toEqual({
			scores: [
				{
					conceptName: 'beach',
					conceptId: SEED_CONCEPT_IDS.beach,
					threshold: 0.5,
					positive: true,
					score: expect.any(Number),
				},
			],
		});
		const again = await api.post('/api/v1/classify/image/url', { url: URL, datasetId: SEED_DATASET_IDS.demoImages });
		expect(again.body).toEqual(first.body);
		expect(first.body.scores[0].score).toBeGreaterThanOrEqual(0.7);
		const unrelated = await api.post('/api/v1/classify/image/url', {
			url: 'https://x.example/office.jpg',
			conceptIds: [SEED_CONCEPT_IDS.beach],
		});
		expect(unrelated.body.scores[0].score).toBeLessThan(0.3);
		expect(unrelated.body.scores[0].positive).toBe(false);
	});

	it('positive means strictly above the threshold', async () => {
		const { score } = (await api.post('/api/v1/classify/image/url', { url: URL, conceptIds: [SEED_CONCEPT_IDS.beach] }))
			.body.scores[0];
		const at = await api.post(`/api/v1/classify/image/url?threshold=${score}`, {
			url: URL,
			conceptIds: [SEED_CONCEPT_IDS.beach],
		});
		expect(at.body.scores[0]).toMatchObject({ threshold: score, positive: false });
		const below = await api.post(`/api/v1/classify/image/url?threshold=${score - 0.0001}`, {
			url: URL,
			conceptIds: [SEED_CONCEPT_IDS.beach],
		});
		expect(below.body.scores[0].positive).toBe(true);
	});

	it('404 ErrorResponse for an unknown or deleted dataset and for an unknown concept', async () => {
		for (const datasetId of [UNKNOWN, SEED_DATASET_IDS.demoArchived]) {
			const reply = await api.post('/api/v1/classify/image/url', { url: URL, datasetId });
			expect(reply.status).toBe(404);
			expect(reply.body).toEqual({ detail: `Dataset not found: ${datasetId}` });
		}
		const concept = await api.post('/api/v1/classify/image/url', { url: URL, conceptIds: [UNKNOWN] });
		expect(concept.status).toBe(404);
		expect(concept.body.detail).toMatch(/^Concept not found/);
	});

	it('a dataset without concepts gives no scores', async () => {
		const reply = await api.post('/api/v1/classify/image/url', { url: URL, datasetId: SEED_DATASET_IDS.demoMixed });
		expect(reply.body).toEqual({ scores: [] });
	});

	it('422: neither concepts nor dataset, a missing URL, or a threshold that is not a number from 0 to 1', async () => {
		const neither = await api.post('/api/v1/classify/image/url', { url: URL });
		expect(neither.status).toBe(422);
		expect(neither.body.detail[0]).toMatchObject({ loc: ['body'], type: 'value_error' });
		const noUrl = await api.post('/api/v1/classify/image/url', { datasetId: SEED_DATASET_IDS.demoImages });
		expect(noUrl.body.detail[0]).toMatchObject({ loc: ['body', 'url'], type: 'missing' });
		const threshold = await api.post('/api/v1/classify/image/url?threshold=high', {
			url: URL,
			datasetId: SEED_DATASET_IDS.demoImages,
		});
		expect(threshold.body.detail[0]).toMatchObject({ loc: ['query', 'threshold'], type: 'float_parsing' });
		const above = await api.post('/api/v1/classify/image/url?threshold=1.5', {
			url: URL,
			datasetId: SEED_DATASET_IDS.demoImages,
		});
		expect(above.status).toBe(422);
	});
});
