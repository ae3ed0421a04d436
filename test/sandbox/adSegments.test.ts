/* Dev-only: the sandbox's ad-segment routes, over plain HTTP. */
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { useSandbox } from './helpers';

const path = (identifier: string, datasetId: string = SEED_DATASET_IDS.demoVideos) =>
	`/api/v1/datasets/${datasetId}/videos/external-identifier/${encodeURIComponent(identifier)}/ad-segments`;
const segment = (start: number, end: number, startFrame = 0, endFrame = 10) => ({
	segment_start_time_ms: start,
	segment_end_time_ms: end,
	segment_start_frame_number: startFrame,
	segment_end_frame_number: endFrame,
});

describe('ad-segment routes', () => {
	const { sandbox, api, login } = useSandbox({ client: true });

	it('creates (202), reads, replaces and soft-deletes (204, no body) the segments of a video', async () => {
		const created = await api.post(path('video-002'), { ad_segments: [segment(0, 1000), segment(2000, 3000, 50, 75)] });
		expect(created.status).toBe(202);
		expect(created.body).toEqual({
			asset_identifier_value: 'video-002',
			ad_segments_created: 2,
			segments: [
				{ segment_number: 1, id: expect.any(String) },
				{ segment_number: 2, id: expect.any(String) },
			],
			message: 'Created 2 ad segments',
		});
		const read = await api.get(path('video-002'));
		expect(read.body.ad_segments.map((s: { id: string }) => s.id)).toEqual(
			created.body.segments.map((s: { id: string }) => s.id),
		);

		await api.post(path('video-002'), { ad_segments: [segment(5, 6)] });
		expect((await api.get(path('video-002'))).body.ad_segments).toHaveLength(1);

		const deleted = await api.delete(path('video-002'));
		expect(deleted.status).toBe(204);
		expect(deleted.text).toBe('');
		expect((await api.get(path('video-002'))).body).toEqual({ ad_segments: [] });
		expect(sandbox.store.adSegments.segments.every((s) => s.deletedAt !== null)).toBe(true);
		expect(sandbox.store.adSegments.segments).toHaveLength(3);
	});

	it('answers 200 (no body) to DELETE when switched, and succeeds with nothing to delete', async () => {
		sandbox.store.adSegments.deleteSuccessStatus = 200;
		const reply = await api.delete(path('video-000'));
		expect(reply.status).toBe(200);
		expect(reply.text).toBe('');
		sandbox.reset();
		await login();
		expect((await api.delete(path('video-000'))).status).toBe(204);
	});

	it('403 on DELETE in a dataset where asset deletion is denied; create and read still work', async () => {
		sandbox.store.adSegments.denyAssetDeletion(SEED_DATASET_IDS.demoVideos);
		expect((await api.post(path('video-001'), { ad_segments: [segment(0, 1)] })).status).toBe(202);
		const denied = await api.delete(path('video-001'));
		expect(denied.status).toBe(403);
		expect(denied.body).toEqual({ detail: 'Not authorized to delete assets in this dataset' });
		expect((await api.get(path('video-001'))).body.ad_segments).toHaveLength(1);
		sandbox.store.adSegments.denyAssetDeletion(SEED_DATASET_IDS.demoVideos, false);
		expect((await api.delete(path('video-001'))).status).toBe(204);
	});

	it('404 for an unknown video, an image id, or an unknown or soft-deleted dataset; 422 for several matches', async () => {
		for (const [identifier, datasetId] of [
			['video-999', SEED_DATASET_IDS.demoVideos],
			['video-001', SEED_DATASET_IDS.demoImages],
			['video-001', SEED_DATASET_IDS.demoArchived],
			['video-001', '00000000-0000-4000-8000-000000000000'],
		]) {
			expect((await api.get(path(identifier, datasetId))).status).toBe(404);
		}
		const several = await api.delete(path('shared-id', SEED_DATASET_IDS.demoMixed));
		expect(several.status).toBe(422);
		expect(several.body.detail).toEqual([
			{
				loc: ['path', 'asset_identifier_value'],
				msg: "Value error, 2 videos match asset_identifier_value 'shared-id'; it must identify exactly one video",
				type: 'value_error',
			},
		]);
	});

	it('validates the create body like pydantic', async () => {
		const reply = await api.post(path('video-001'), {
			ad_segments: [segment(10, 9), { ...segment(-1, 5, 0, 2.5), metadata: { segment_type: 'x' } }],
		});
		expect(reply.status).toBe(422);
		expect(reply.body.detail).toEqual(
			expect.arrayContaining([
				{
					loc: ['body', 'ad_segments', 0],
					msg: 'Value error, segment_end_time_ms must not be less than segment_start_time_ms',
					type: 'value_error',
				},
				expect.objectContaining({
					loc: ['body', 'ad_segments', 1, 'segment_start_time_ms'],
					type: 'greater_than_equal',
				}),
				expect.objectContaining({
					loc: ['body', 'ad_segments', 1, 'segment_end_frame_number'],
					type: 'int_from_float',
				}),
				expect.objectContaining({ loc: ['body', 'ad_segments', 1, 'metadata', 'incode'], type: 'missing' }),
			]),
		);
		const empty = await api.post(path('video-001'), { ad_segments: [] });
		expect(empty.body.detail).toEqual([
			{ loc: ['body', 'ad_segments'], msg: 'List should have at least 1 item', type: 'too_short' },
		]);
	});
});
