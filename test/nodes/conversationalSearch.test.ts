/* Dev-only: the Conversational Search node through n8n's engine against the sandbox over real HTTP. */
import type { IDataObject } from 'n8n-workflow';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import type { WorkflowJson } from '../harness/engine';
import { TYPES, useTestBed } from './setup';
import { byId, byName } from '../support/locators';

const bed = useTestBed();
const type = TYPES.conversationalSearch;
const UNKNOWN_DATASET = '0f0e0d0c-0b0a-4908-8706-050403020100';

const run = (parameters: Record<string, unknown>, inputItems?: IDataObject[], continueOnFail = false) =>
	bed.harness.runNode({
		type,
		parameters: { resource: 'chat', operation: 'sendMessage', ...parameters },
		inputItems,
		continueOnFail,
	});

type ToolResult = { tool_name: string; dataset_id: string; dataset_type: string; result: { results: IDataObject[] } };
const toolResultsOf = (json: IDataObject) => json.tool_results as ToolResult[];
const videosOf = (json: IDataObject) => toolResultsOf(json).flatMap((tool) => tool.result.results);

describe('Chat: Send Message', () => {
	test("searches the organization's video datasets and answers with tool results, follow-ups and this turn's messages, without the whole history", async () => {
		const { items, error } = await run({ message: 'Show me kitchen videos' });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const answer = items[0].json;
		expect(Object.keys(answer).sort()).toEqual([
			'chat_response_text',
			'new_chat_messages',
			'suggested_follow_ups',
			'tool_results',
		]);
		expect(answer.chat_response_text).toBe(
			'I found 2 videos about "kitchen" in 2 datasets. The best matches: kitchen-004.mp4, kitchen-004.mp4.',
		);
		expect(toolResultsOf(answer).map((tool) => [tool.tool_name, tool.dataset_id, tool.dataset_type])).toEqual([
			['video_search_search_videos', SEED_DATASET_IDS.demoMixed, 'native_video'],
			['video_search_search_videos', SEED_DATASET_IDS.demoVideos, 'native_video'],
		]);
		expect(videosOf(answer).map((video) => [video.source_path, video.video_score, video.text_query])).toEqual([
			['s3://demo-bucket/videos/kitchen-004.mp4', 1, 'kitchen'],
			['s3://demo-bucket/videos/kitchen-004.mp4', 1, 'kitchen'],
		]);
		expect(answer.suggested_follow_ups).toEqual(expect.arrayContaining(['Show me more about kitchen']));
		expect((answer.suggested_follow_ups as string[]).length).toBe(3);
		expect(answer.new_chat_messages).toEqual([
			{ role: 'user', content: 'Show me kitchen videos' },
			{ role: 'assistant', content: answer.chat_response_text },
		]);
		const [sent] = bed.apiRequests();
		expect(sent).toMatchObject({ method: 'POST', path: '/api/v0/chat' });
		expect(sent.body).toEqual({ chat_request_text: 'Show me kitchen videos' });
	});

	test('within one dataset, chosen by ID', async () => {
		const { items, error } = await run({
			scope: 'dataset',
			datasetId: byId(SEED_DATASET_IDS.demoVideos),
			message: 'beach or forest?',
		});
		expect(error).toBeUndefined();
		expect(toolResultsOf(items[0].json).map((tool) => tool.dataset_id)).toEqual([SEED_DATASET_IDS.demoVideos]);
		expect(videosOf(items[0].json).map((video) => [video.source_path, video.video_score])).toEqual([
			['s3://demo-bucket/videos/beach-000.mp4', 0.5],
			['s3://demo-bucket/videos/forest-002.mp4', 0.5],
		]);
		expect(bed.apiRequests()[0].path).toBe(`/api/v0/chat/dataset/${SEED_DATASET_IDS.demoVideos}`);
	});

	test('within one dataset, chosen By Name: looked up, then the chat goes to its ID', async () => {
		const { error } = await run({ scope: 'dataset', datasetId: byName('demo_videos'), message: 'beach' });
		expect(error).toBeUndefined();
		expect(bed.apiRequests().map((r) => r.path)).toEqual([
			'/api/v1/datasets',
			`/api/v0/chat/dataset/${SEED_DATASET_IDS.demoVideos}`,
		]);
	});

	test('never sends a reference image (upload_id), whatever the input item holds', async () => {
		await run({ message: 'concert' }, [{ upload_id: 'abc', history_chat_messages: [] }]);
		const [sent] = bed.apiRequests();
		expect(sent.body).toEqual({ chat_request_text: 'concert' });
		expect(Object.keys(sent.body as IDataObject)).not.toContain('upload_id');
	});

	test("history round trip: the second run continues the first run's conversation from its output item", async () => {
		const first = await run({ message: 'Find stadium clips', includeHistory: true });
		expect(first.error).toBeUndefined();
		const firstAnswer = first.items[0].json;

		// A later execution, fed the first answer as its input item (default Chat History: From Input Item).
		const second = await run({ message: 'show me more', includeHistory: true }, [firstAnswer]);
		expect(second.error).toBeUndefined();
		const secondAnswer = second.items[0].json;
		const sent = bed.apiRequests()[1];
		expect(sent.body).toEqual({
			chat_request_text: 'show me more',
			history_chat_messages: firstAnswer.history_chat_messages,
		});
		// "more" refers to the topic of the first turn, which only the history carries.
		expect(videosOf(secondAnswer).map((video) => video.text_query)).toEqual(['stadium', 'stadium']);
		expect(secondAnswer.history_chat_messages).toEqual([
			{ role: 'user', content: 'Find stadium clips' },
			{ role: 'assistant', content: firstAnswer.chat_response_text },
			{ role: 'user', content: 'show me more' },
			{ role: 'assistant', content: secondAnswer.chat_response_text },
		]);

		// The same question without history finds nothing to search for.
		const fresh = await run({ message: 'show me more', historySource: 'none' }, [firstAnswer]);
		expect(fresh.items[0].json.tool_results).toEqual([]);
		expect(bed.apiRequests()[2].body).toEqual({ chat_request_text: 'show me more' });
	});

	test('history from a named (nested) input field, and from JSON defined by an expression', async () => {
		const first = await run({ message: 'mountain', includeHistory: true });
		const history = first.items[0].json.history_chat_messages as IDataObject[];

		await run({ message: 'and more', historyField: 'conversation.turns' }, [{ conversation: { turns: history } }]);
		expect((bed.apiRequests()[1].body as IDataObject).history_chat_messages).toEqual(history);

		await run({ message: 'and more', historySource: 'define', history: '={{ $json.saved }}' }, [{ saved: history }]);
		expect((bed.apiRequests()[2].body as IDataObject).history_chat_messages).toEqual(history);

		await run({ message: 'and more', historySource: 'define', history: JSON.stringify(history) });
		expect((bed.apiRequests()[3].body as IDataObject).history_chat_messages).toEqual(history);

		await run({ message: 'and more', historySource: 'define', history: '[]' });
		expect(bed.apiRequests()[4].body).toEqual({ chat_request_text: 'and more' });
	});

	test('a conversation across two chained nodes in one workflow, with Include History', async () => {
		const node = (name: string, message: string, x: number) => ({
			id: name,
			name,
			type,
			typeVersion: 1,
			position: [x, 0] as [number, number],
			parameters: { resource: 'chat', operation: 'sendMessage', message, includeHistory: true },
			credentials: { mediaAnalysisApi: { id: '1', name: 'Media Analysis' } },
		});
		const workflow: WorkflowJson = {
			nodes: [node('Ask', 'city videos please', 0), node('Follow Up', 'more please', 200)],
			connections: { Ask: { main: [[{ node: 'Follow Up', type: 'main', index: 0 }]] } },
		};
		const result = await bed.harness.runWorkflow(workflow);
		expect(result.error).toBeUndefined();
		const followUp = result.outputOf('Follow Up')[0].json;
		expect((followUp.history_chat_messages as IDataObject[]).map((message) => message.content)).toEqual([
			'city videos please',
			result.outputOf('Ask')[0].json.chat_response_text,
			'more please',
			followUp.chat_response_text,
		]);
		expect(videosOf(followUp).map((video) => video.text_query)).toEqual(['city']);
	});
});

describe('Chat: errors', () => {
	test('an empty message is refused before any request', async () => {
		const { error } = await run({ message: '   ' });
		expect(error?.message).toBe('Invalid Message in item 0: it is empty');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('a history that is not a list of messages is refused before any request', async () => {
		const fromItem = await run({ message: 'beach' }, [{ history_chat_messages: 'yesterday we talked' }]);
		expect(fromItem.error?.message).toMatch(
			/^Invalid Chat History \(field "history_chat_messages"\) in item 0: it is not valid JSON/,
		);
		const notObjects = await run({ message: 'beach' }, [{ history_chat_messages: ['hi', 'there'] }]);
		expect(notObjects.error?.message).toBe(
			'Invalid Chat History (field "history_chat_messages") in item 0: it is not a list of chat messages',
		);
		const defined = await run({ message: 'beach', historySource: 'define', history: '{"role": "user"}' });
		expect(defined.error?.message).toBe('Invalid History (JSON) in item 0: it is not a list of chat messages');
		expect(defined.error?.description).toMatch(/None \(New Conversation\)/);
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('an unknown dataset is a 404 that names the dataset', async () => {
		const { error } = await run({ scope: 'dataset', datasetId: byId(UNKNOWN_DATASET), message: 'beach' });
		expect(error?.message).toMatch(/^Dataset not found/);
		expect(error?.description).toMatch(/Check the ID/);
	});

	test('Continue On Fail keeps going and keeps pairing', async () => {
		const { items, error } = await run(
			{ message: '={{ $json.q }}' },
			[{ q: 'office' }, { q: '' }, { q: 'beach' }],
			true,
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.chat_response_text).toMatch(/^I found no videos about "office"/);
		expect(items[1].json.error).toBe('Invalid Message in item 1: it is empty');
		expect(items[2].json.chat_response_text).toMatch(/^I found 1 video about "beach"/);
	});
});

describe('The turn, the history on request', () => {
	test('Include History adds history_chat_messages, which the next turn continues from; new_chat_messages is this turn only', async () => {
		const first = await run({ message: 'Find stadium clips', includeHistory: true });
		const firstAnswer = first.items[0].json;
		expect(firstAnswer.history_chat_messages).toEqual(firstAnswer.new_chat_messages);
		const second = await run({ message: 'show me more' }, [firstAnswer]);
		expect(second.error).toBeUndefined();
		expect((bed.apiRequests()[1].body as IDataObject).history_chat_messages).toEqual(firstAnswer.history_chat_messages);
		const secondAnswer = second.items[0].json;
		expect(secondAnswer).not.toHaveProperty('history_chat_messages');
		expect(secondAnswer.new_chat_messages).toEqual([
			{ role: 'user', content: 'show me more' },
			{ role: 'assistant', content: secondAnswer.chat_response_text },
		]);
		expect(videosOf(secondAnswer).map((video) => video.text_query)).toEqual(['stadium', 'stadium']);
	});

	test('an answer without its history as input is refused before any request, never silently a new conversation', async () => {
		const first = await run({ message: 'Find stadium clips' });
		bed.sandbox.clearRequestLog();
		const second = await run({ message: 'show me more' }, [first.items[0].json]);
		expect(second.error?.message).toBe(
			'Invalid Chat History (field "history_chat_messages") in item 0: the input item is an answer of Conversational Search without its history',
		);
		expect(second.error?.description).toMatch(/Turn on Include History/);
		expect(bed.apiRequests()).toEqual([]);
		// Other input items start a conversation, as before; so does None.
		expect((await run({ message: 'beach' }, [{ topic: 'x' }])).error).toBeUndefined();
		expect(
			(await run({ message: 'show me more', historySource: 'none' }, [first.items[0].json])).error,
		).toBeUndefined();
	});

	test('as an AI tool (Media Analysis Conversational Search Tool) the answer is the turn', async () => {
		const { items, error } = await bed.harness.runNode({
			type: `${type}Tool`,
			parameters: { resource: 'chat', operation: 'sendMessage', message: 'kitchen' },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).not.toHaveProperty('history_chat_messages');
		expect(items[0].json.chat_response_text).toEqual(expect.any(String));
	});
});
