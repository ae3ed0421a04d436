/* Dev-only: the sandbox's URL classification behaves like the service (camelCase, threshold rule, 404/422). */
import { conceptScore, SEED_CONCEPT_IDS } from '../../sandbox/concepts/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { useSandbox } from './helpers';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const URL = 'https://photos.example.org/holiday/beach-day.jpg';

describe('POST /api/v1/classify/image/url', () => {
	const { sandbox, api } = useSandbox({ client: true });

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

	it('400 ErrorResponse for what is not an image the service can download: a PDF, a text file, a video, a bucket path, a broken link', async () => {
		const refused = {
			'https://files.example.org/report.pdf': "'.pdf' is not a supported image format",
			'https://files.example.org/notes.txt': "'.txt' is not a supported image format",
			'https://files.example.org/clip.mp4': "'.mp4' is not a supported image format",
			's3://demo-bucket/images/beach-008.jpg': 'not an http or https URL',
			'https://files.example.org/broken/beach.jpg':
				'Could not download https://files.example.org/broken/beach.jpg (HTTP 404)',
		};
		for (const [url, reason] of Object.entries(refused)) {
			const reply = await api.post('/api/v1/classify/image/url', { url, datasetId: SEED_DATASET_IDS.demoImages });
			expect({ url, status: reply.status, body: reply.body }).toEqual({
				url,
				status: 400,
				body: { detail: `Cannot classify ${url}: ${reason}` },
			});
		}
		// An image format, or an address without an extension, is classified.
		for (const url of ['https://files.example.org/beach.png', 'https://files.example.org/render?id=7']) {
			const reply = await api.post('/api/v1/classify/image/url', { url, datasetId: SEED_DATASET_IDS.demoImages });
			expect(reply.status).toBe(200);
		}
	});

	it("the address of a dataset's image gets that image's score: the same as its concept column in SQL", async () => {
		const image = [...sandbox.store.assets.values()].find(
			(asset) => asset.datasetId === SEED_DATASET_IDS.demoImages && asset.path.endsWith('/beach-000.jpg'),
		);
		expect(image?.path).toMatch(/^https:\/\//);
		const labels = sandbox.store.concepts.labels.get(SEED_CONCEPT_IDS.beach);
		const beach = sandbox.store.concepts.concepts.get(SEED_CONCEPT_IDS.beach);
		if (!image || !beach) throw new Error('the seed has no beach-000 image or beach concept');
		const reply = await api.post('/api/v1/classify/image/url', { url: image.path, conceptIds: [beach.id] });
		// beach-000 is labelled positive, so the concept scores it 0.9–1, not by its address's words alone.
		expect(reply.body.scores[0].score).toBe(conceptScore(beach, { kind: 'image', asset: image }, labels));
		expect(reply.body.scores[0].score).toBeGreaterThanOrEqual(0.9);
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
