/* Dev-only: the sandbox's conversational search routes, over plain HTTP. */
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { send, useSandbox } from './helpers';

describe('chat routes', () => {
	const { sandbox, api } = useSandbox({ client: true });

	it('answers in the ChatResponse shape, deterministically', async () => {
		const first = await api.post('/api/v0/chat', { chat_request_text: 'concert at the stadium' });
		const again = await api.post('/api/v0/chat', { chat_request_text: 'concert at the stadium' });
		expect(first.status).toBe(200);
		expect(Object.keys(first.body).sort()).toEqual([
			'chat_response_text',
			'history_chat_messages',
			'suggested_follow_ups',
			'tool_results',
		]);
		const strip = (body: { tool_results: Array<{ invocation_timestamp: string }> }) =>
			JSON.stringify({
				...body,
				tool_results: body.tool_results.map((tool) => ({ ...tool, invocation_timestamp: '' })),
			});
		expect(strip(again.body)).toBe(strip(first.body));
		const [tool] = first.body.tool_results;
		expect(tool).toEqual({
			tool_name: 'video_search_search_videos',
			dataset_id: SEED_DATASET_IDS.demoMixed,
			dataset_type: 'native_video',
			invocation_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			result: { results: expect.any(Array) },
		});
		expect(tool.result.results[0]).toEqual({
			dataset_id: SEED_DATASET_IDS.demoMixed,
			text_query: 'concert stadium',
			video_id: expect.any(String),
			source_path: 's3://demo-bucket/videos/stadium-005.mp4',
			video_score: 0.5,
			metadata: { topic: 'stadium', index: 5 },
			top_composite_slice: null,
			top_keyframe: { id: expect.any(String), frame_time_ms: 67500 },
			moderation_score: null,
		});
	});

	it('searches only completed videos, including ones added after seeding', async () => {
		const video = [...sandbox.store.assets.values()].find(
			(asset) => asset.datasetId === SEED_DATASET_IDS.demoVideos && asset.kind === 'video',
		)!;
		sandbox.store.assets.set('11111111-1111-4111-8111-111111111111', {
			...video,
			id: '11111111-1111-4111-8111-111111111111',
			path: 's3://demo-bucket/videos/volcano-100.mp4',
			metadata: { topic: 'volcano' },
		});
		sandbox.store.assets.set('22222222-2222-4222-8222-222222222222', {
			...video,
			id: '22222222-2222-4222-8222-222222222222',
			path: 's3://demo-bucket/videos/volcano-101.mp4',
			metadata: { topic: 'volcano' },
			status: 'processing_started',
		});
		const reply = await api.post(`/api/v0/chat/dataset/${SEED_DATASET_IDS.demoVideos}`, {
			chat_request_text: 'volcano',
		});
		expect(reply.body.tool_results[0].result.results.map((r: { source_path: string }) => r.source_path)).toEqual([
			's3://demo-bucket/videos/volcano-100.mp4',
		]);
	});

	it('extends the history it is given', async () => {
		const history = [
			{ role: 'user', content: 'beach' },
			{ role: 'assistant', content: 'Found some.', extra: { kept: true } },
		];
		const reply = await api.post('/api/v0/chat', { chat_request_text: 'more', history_chat_messages: history });
		expect(reply.body.history_chat_messages.slice(0, 2)).toEqual(history);
		expect(reply.body.history_chat_messages[2]).toEqual({ role: 'user', content: 'more' });
		const found = reply.body.tool_results.flatMap((tool: { result: { results: unknown[] } }) => tool.result.results);
		expect(found).toEqual([
			expect.objectContaining({ text_query: 'beach', source_path: 's3://demo-bucket/videos/beach-000.mp4' }),
		]);
	});

	it('refuses reference-image search (upload_id) and a missing question with 422', async () => {
		const reply = await api.post('/api/v0/chat', { upload_id: 'img-1' });
		expect(reply.status).toBe(422);
		expect(reply.body.detail).toEqual([
			{ loc: ['body', 'chat_request_text'], msg: 'Value error, chat_request_text is required', type: 'value_error' },
			{
				loc: ['body', 'upload_id'],
				msg: 'Value error, reference-image search was removed on 2026-07-26',
				type: 'value_error',
			},
		]);
		const badHistory = await api.post('/api/v0/chat', { chat_request_text: 'x', history_chat_messages: ['hi'] });
		expect(badHistory.status).toBe(422);
		expect(badHistory.body.detail[0].loc).toEqual(['body', 'history_chat_messages', 0]);
	});

	it('404 for an unknown or soft-deleted dataset, 422 for a malformed id, 401 without a token', async () => {
		expect(
			(await api.post(`/api/v0/chat/dataset/${SEED_DATASET_IDS.demoArchived}`, { chat_request_text: 'x' })).status,
		).toBe(404);
		const malformed = await api.post('/api/v0/chat/dataset/nope', { chat_request_text: 'x' });
		expect(malformed.status).toBe(422);
		expect(malformed.body.detail[0]).toMatchObject({ loc: ['path', 'dataset_id'], type: 'uuid_parsing' });
		expect((await send(sandbox.url, 'POST', '/api/v0/chat', { json: { chat_request_text: 'x' } })).status).toBe(401);
	});
});
