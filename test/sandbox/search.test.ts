/* Dev-only: the sandbox's search routes behave like the service (snake_case, body paging, limits, errors). */
import type { AssetRecord } from '../../sandbox/assets/model';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { audioSegmentsOf, keyframesOf } from '../../sandbox/search/media';
import { send, useSandbox } from './helpers';

const IMAGES = SEED_DATASET_IDS.demoImages;
const VIDEOS = SEED_DATASET_IDS.demoVideos;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('search routes', () => {
	const { sandbox, api } = useSandbox({ client: true });

	const assetsOf = (datasetId: string) => [...sandbox.store.assets.values()].filter((a) => a.datasetId === datasetId);
	const byTopic = (datasetId: string, topic: string) =>
		assetsOf(datasetId).find((a) => a.metadata.topic === topic) as AssetRecord;

	describe('text-to-image', () => {
		it('answers {data} of search:Image in snake_case, topic matches first, paged by offset/limit in the body', async () => {
			const all = await api.post('/api/v1/search/text-to-image', {
				dataset_id: IMAGES,
				text_query: 'beach',
				limit: 100,
			});
			expect(all.status).toBe(200);
			expect(Object.keys(all.body)).toEqual(['data']);
			expect(all.body.data).toHaveLength(24);
			expect(Object.keys(all.body.data[0]).sort()).toEqual([
				'coactive_image_id',
				'created_dt',
				'created_user_id',
				'metadata',
				'moderation_score',
				'path',
				'updated_dt',
				'updated_user_id',
			]);
			expect(all.body.data.slice(0, 3).every((image: { path: string }) => image.path.includes('beach'))).toBe(true);
			const page = await api.post('/api/v1/search/text-to-image', {
				dataset_id: IMAGES,
				text_query: 'beach',
				offset: 2,
				limit: 3,
			});
			expect(page.body.data.map((i: { coactive_image_id: string }) => i.coactive_image_id)).toEqual(
				all.body.data.slice(2, 5).map((i: { coactive_image_id: string }) => i.coactive_image_id),
			);
		});

		it('searches completed assets only', async () => {
			const beach = byTopic(IMAGES, 'beach');
			beach.status = 'in_progress';
			const reply = await api.post('/api/v1/search/text-to-image', { dataset_id: IMAGES, text_query: 'beach' });
			expect(reply.body.data).toHaveLength(23);
			expect(reply.body.data.map((i: { coactive_image_id: string }) => i.coactive_image_id)).not.toContain(beach.id);
		});

		it('asset_type video gives keyframes with their video, shot and transcript segment', async () => {
			const reply = await api.post('/api/v1/search/text-to-image', {
				dataset_id: SEED_DATASET_IDS.demoMixed,
				text_query: 'stadium',
				asset_type: 'video',
				limit: 1,
			});
			expect(reply.body.data[0]).toMatchObject({
				video: { path: expect.stringMatching(/stadium-005\.mp4$/), coactive_video_id: expect.any(String) },
				shot: { shot_id: expect.any(String), start_time_ms: expect.any(Number), end_time_ms: expect.any(Number) },
				audio_segment: { speech_to_text_transcription: expect.any(String) },
				keyframe_is_v1: false,
			});
		});

		it('metadata filters: equals, not equals, boolean equals and inclusive date ranges', async () => {
			const images = assetsOf(IMAGES);
			images.forEach(
				(image, i) =>
					(image.metadata = {
						...image.metadata,
						flag: i % 2 === 0,
						day: `2026-05-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
					}),
			);
			const ids = async (filters: unknown[]) =>
				(
					await api.post('/api/v1/search/text-to-image', {
						dataset_id: IMAGES,
						text_query: 'x',
						metadata_filters: { filters },
					})
				).body.data.length;
			expect(await ids([{ key: 'topic', operator: '==', value: 'city' }])).toBe(3);
			expect(await ids([{ key: 'topic', operator: '!=', value: 'city' }])).toBe(21);
			expect(await ids([{ key: 'flag', operator: '==', value: true }])).toBe(12);
			const start = Date.parse('2026-05-02T00:00:00Z') / 1000;
			const end = Date.parse('2026-05-04T00:00:00Z') / 1000;
			expect(
				await ids([{ key: 'day', operator: 'DateTimeRangeInclusive', start_utc_epoch: start, end_utc_epoch: end }]),
			).toBe(3);
			expect(await ids([{ key: 'day', operator: 'DateTimeRangeInclusive', start_utc_epoch: start }])).toBe(23);
			const bad = await api.post('/api/v1/search/text-to-image', {
				dataset_id: IMAGES,
				text_query: 'x',
				metadata_filters: { filters: [{ key: 'a', operator: '~' }] },
			});
			expect(bad.status).toBe(422);
		});

		it('404 for an unknown or deleted dataset; 422 for a missing query', async () => {
			for (const dataset_id of [UNKNOWN, SEED_DATASET_IDS.demoArchived]) {
				const reply = await api.post('/api/v1/search/text-to-image', { dataset_id, text_query: 'beach' });
				expect(reply.status).toBe(404);
				expect(reply.body).toEqual({ detail: `Dataset not found: ${dataset_id}` });
			}
			const missing = await api.post('/api/v1/search/text-to-image', { dataset_id: IMAGES });
			expect(missing.body.detail).toEqual([{ loc: ['body', 'text_query'], msg: 'Field required', type: 'missing' }]);
		});

		it('the removed GET /api/v1/search and /similar-images do not exist', async () => {
			expect((await api.get('/api/v1/search?dataset_id=x&query=y')).status).toBe(404);
			expect((await api.get('/api/v1/search/similar-images')).status).toBe(404);
		});
	});

	describe('image-to-image and image-to-keyframes', () => {
		it('exactly one reference; limit 1 to 1000; the reference image is left out', async () => {
			const beach = byTopic(IMAGES, 'beach');
			const reply = await api.post('/api/v1/search/image-to-image', {
				dataset_id: IMAGES,
				coactive_image_id: beach.id,
				limit: 1000,
			});
			expect(reply.body.data).toHaveLength(23);
			expect(reply.body.data[0].path).toMatch(/beach/);
			const both = await api.post('/api/v1/search/image-to-image', {
				dataset_id: IMAGES,
				coactive_image_id: beach.id,
				public_url: 'https://x/y.jpg',
			});
			expect(both.status).toBe(422);
			const over = await api.post('/api/v1/search/image-to-image', {
				dataset_id: IMAGES,
				public_url: 'https://x/y.jpg',
				limit: 1001,
			});
			expect(over.body.detail).toEqual([
				{ loc: ['body', 'limit'], msg: 'Input should be less than or equal to 1000', type: 'less_than_equal' },
			]);
			const zero = await api.post('/api/v1/search/image-to-image', {
				dataset_id: IMAGES,
				public_url: 'https://x/y.jpg',
				limit: 0,
			});
			expect(zero.status).toBe(422);
			const upload = await api.post('/api/v1/search/image-to-image', { dataset_id: IMAGES, upload_id: 'u1' });
			expect(upload.body.detail[0].loc).toEqual(['body', 'upload_id']);
		});

		it('image-to-keyframes answers search:NileKeyframe with scores, best first', async () => {
			const reply = await api.post('/api/v1/search/image-to-keyframes', {
				dataset_id: VIDEOS,
				public_url: 'https://x.example/city-night.jpg',
				limit: 4,
			});
			const city = byTopic(VIDEOS, 'city');
			expect(reply.body.data).toHaveLength(4);
			for (const frame of reply.body.data) {
				expect(Object.keys(frame).sort()).toEqual([
					'asset_type',
					'composite_slice_id',
					'dataset_id',
					'keyframe_id',
					'moderation_score',
					'score',
					'video_id',
				]);
				expect(frame.video_id).toBe(city.id);
			}
		});
	});

	describe('text-to-keyframes, transcripts and spoken content', () => {
		it('text-to-keyframes covers every keyframe of every ready video', async () => {
			const expected = assetsOf(VIDEOS).reduce((sum, video) => sum + keyframesOf(video).length, 0);
			const reply = await api.post('/api/v1/search/text-to-keyframes', {
				dataset_id: VIDEOS,
				text_query: 'mountain',
				limit: 1000,
			});
			expect(reply.body.data).toHaveLength(expected);
			expect(reply.body.data[0].video_id).toBe(byTopic(VIDEOS, 'mountain').id);
		});

		it('exact match is case- and space-insensitive and reports coverage', async () => {
			const reply = await api.post('/api/v1/search/text-to-transcript/exact-match', {
				dataset_id: VIDEOS,
				text_query: 'HIKERS  climb',
			});
			expect(reply.body.data).toHaveLength(1);
			expect(reply.body.data[0]).toMatchObject({
				audio_segment: { speech_to_text_transcription: 'hikers climb the rocky ridge' },
				coverage_score: Math.round(('hikers climb'.length / 'hikers climb the rocky ridge'.length) * 10000) / 10000,
			});
			const none = await api.post('/api/v1/search/text-to-transcript/exact-match', {
				dataset_id: VIDEOS,
				text_query: 'hikers climbed',
			});
			expect(none.body.data).toEqual([]);
		});

		it('spoken content search ranks transcript segments; segments are 30 seconds', async () => {
			const kitchen = byTopic(VIDEOS, 'kitchen');
			expect(audioSegmentsOf(kitchen).map((s) => [s.startMs, s.endMs])).toEqual([
				[0, 30000],
				[30000, 60000],
				[60000, 90000],
				[90000, 120000],
			]);
			const reply = await api.post('/api/v1/search/audio', { dataset_id: VIDEOS, text_query: 'onions pan', limit: 1 });
			expect(reply.body.data[0]).toMatchObject({
				video: { coactive_video_id: kitchen.id },
				audio_segment: { start_time_ms: 0 },
				timestamp: 0,
			});
		});
	});

	describe('video search and drill-down', () => {
		it('POST answers {results}, one per video, limit 1 to 1000 (default 60)', async () => {
			const reply = await api.post('/api/v1/search/video', { dataset_id: VIDEOS, text_query: 'city traffic' });
			expect(Object.keys(reply.body)).toEqual(['results']);
			expect(reply.body.results).toHaveLength(6);
			expect(reply.body.results[0]).toMatchObject({
				video_id: byTopic(VIDEOS, 'city').id,
				text_query: 'city traffic',
				top_keyframe: { id: expect.any(String) },
			});
			expect(
				(await api.post('/api/v1/search/video', { dataset_id: VIDEOS, text_query: 'x', limit: 1001 })).status,
			).toBe(422);
			const range = await api.post('/api/v1/search/video', {
				dataset_id: VIDEOS,
				text_query: 'x',
				metadata_filters: { filters: [{ key: 'd', operator: 'DateTimeRangeInclusive', start_utc_epoch: 1 }] },
			});
			expect(range.status).toBe(422);
		});

		it('GET drills into one video: slices ranked, limit default 10, 404 for a video elsewhere', async () => {
			const video = byTopic(VIDEOS, 'stadium');
			const reply = await api.get(
				`/api/v1/search/video?dataset_id=${VIDEOS}&video_id=${video.id}&text_query=final%20whistle`,
			);
			expect(reply.status).toBe(200);
			expect(reply.body).toMatchObject({
				dataset_id: VIDEOS,
				video_id: video.id,
				composite_type: 'shot',
				source_path: video.path,
			});
			expect(reply.body.slices).toHaveLength(10);
			const scores = reply.body.slices.map((s: { composite_slice_score: number }) => s.composite_slice_score);
			expect([...scores].sort((a, b) => b - a)).toEqual(scores);
			const elsewhere = await api.get(`/api/v1/search/video?dataset_id=${IMAGES}&video_id=${video.id}&text_query=x`);
			expect(elsewhere.status).toBe(404);
			const missing = await send(sandbox.url, 'GET', `/api/v1/search/video?dataset_id=${VIDEOS}`, { token: api.token });
			expect(missing.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([
				['query', 'text_query'],
				['query', 'video_id'],
			]);
		});
	});
});
