/*
 * The sandbox's scripted chat model (sandbox/model.ts): OpenAI's chat completions format, answers decided by the
 * conversation and the script, clear 400s when a script cannot be followed.
 */
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { send, useSandbox } from './helpers';

const COMPLETIONS = '/model/v1/chat/completions';
const tool = (name: string, properties: Record<string, unknown>, required: string[] = []) => ({
	type: 'function',
	function: { name, description: `${name} tool`, parameters: { type: 'object', properties, required } },
});
const TOOLS = [
	tool('List_Datasets', {}),
	tool('Search_Images', { dataset_id: { type: 'string' }, query: { type: 'string' } }, ['dataset_id', 'query']),
];
const user = { role: 'user', content: 'sunny beach' };
const toolCall = (name: string, args: unknown) => ({
	role: 'assistant',
	content: null,
	tool_calls: [{ id: 'c1', type: 'function', function: { name, arguments: JSON.stringify(args) } }],
});
const toolResult = (content: string) => ({ role: 'tool', tool_call_id: 'c1', content });

const { sandbox } = useSandbox({ reset: false });
afterEach(async () => {
	await send(sandbox.url, 'DELETE', '/__sandbox/model/script');
});

const complete = (messages: unknown[], extra: Record<string, unknown> = {}) =>
	send(sandbox.url, 'POST', COMPLETIONS, { json: { model: 'sandbox-scripted', messages, tools: TOOLS, ...extra } });
const script = (turns: unknown) => send(sandbox.url, 'PUT', '/__sandbox/model/script', { json: { turns } });

describe('without a script: list the datasets, search the first for the question, answer with the results', () => {
	test('turn by turn, decided by the conversation alone', async () => {
		const first = await complete([{ role: 'system', content: 'be brief' }, user]);
		expect(first.status).toBe(200);
		expect(first.body.choices[0]).toMatchObject({
			finish_reason: 'tool_calls',
			message: {
				role: 'assistant',
				content: null,
				tool_calls: [{ type: 'function', function: { name: 'List_Datasets', arguments: '{}' } }],
			},
		});

		const listed = `[{"id":"${SEED_DATASET_IDS.demoImages}","name":"demo_images"}]`;
		const second = await complete([user, toolCall('List_Datasets', {}), toolResult(listed)]);
		const call = second.body.choices[0].message.tool_calls[0].function;
		expect(call.name).toBe('Search_Images');
		expect(JSON.parse(call.arguments)).toEqual({ dataset_id: SEED_DATASET_IDS.demoImages, query: 'sunny beach' });

		const third = await complete([
			user,
			toolCall('List_Datasets', {}),
			toolResult(listed),
			toolCall('Search_Images', {}),
			toolResult('[{"path":"https://media.example.com/beach.jpg"}]'),
		]);
		expect(third.body.choices[0].finish_reason).toBe('stop');
		expect(third.body.choices[0].message.content).toBe(
			`Here is what the media library returned:\n${listed}\n[{"path":"https://media.example.com/beach.jpg"}]`,
		);
	});

	test('an earlier question and its answer do not count: turns start again after the last user message', async () => {
		const answer = await complete([
			user,
			toolCall('List_Datasets', {}),
			toolResult('[]'),
			{ role: 'assistant', content: 'none' },
			user,
		]);
		expect(answer.body.choices[0].message.tool_calls[0].function.name).toBe('List_Datasets');
	});
});

describe('a script', () => {
	test('is followed turn by turn, and the final message carries the tool results', async () => {
		expect(
			(
				await script([
					{ toolCalls: [{ name: 'Search_Images', arguments: { dataset_id: 'd', query: 'q' } }] },
					{ final: 'Found:\n{{results}}' },
				])
			).status,
		).toBe(200);
		const first = await complete([user]);
		expect(JSON.parse(first.body.choices[0].message.tool_calls[0].function.arguments)).toEqual({
			dataset_id: 'd',
			query: 'q',
		});
		const last = await complete([user, toolCall('Search_Images', {}), toolResult('["hit"]')]);
		expect(last.body.choices[0].message.content).toBe('Found:\n["hit"]');
	});

	test('streams the same answer as server-sent events when asked to', async () => {
		await script([{ toolCalls: [{ name: 'List_Datasets', arguments: {} }] }]);
		const streamed = await complete([user], { stream: true });
		expect(streamed.status).toBe(200);
		expect(streamed.headers['content-type']).toBe('text/event-stream');
		const events = streamed.text
			.trim()
			.split('\n\n')
			.map((line) => line.replace(/^data: /, ''));
		expect(events[events.length - 1]).toBe('[DONE]');
		const chunks = events
			.slice(0, -1)
			.map(
				(event) =>
					JSON.parse(event) as { choices: Array<{ delta: { tool_calls?: unknown[] }; finish_reason: string | null }> },
			);
		expect(chunks[0].choices[0].delta.tool_calls).toEqual([
			{ index: 0, id: expect.any(String), type: 'function', function: { name: 'List_Datasets', arguments: '{}' } },
		]);
		expect(chunks[chunks.length - 1].choices[0].finish_reason).toBe('tool_calls');
	});

	test('a tool the request does not offer, or a turn past its end, is a 400 that says so', async () => {
		await script([{ toolCalls: [{ name: 'Delete_Everything', arguments: {} }] }]);
		const unknown = await complete([user]);
		expect(unknown.status).toBe(400);
		expect(unknown.body.detail).toBe(
			'The script calls the tool "Delete_Everything", which the request does not offer (offered: List_Datasets, Search_Images)',
		);
		await script([{ final: 'done' }]);
		const pastEnd = await complete([user, { role: 'assistant', content: 'done' }]);
		expect(pastEnd.status).toBe(400);
		expect(pastEnd.body.detail).toBe('The model script has 1 turn(s); turn 2 was asked for');
	});

	test('a malformed script or request is a 422, and nothing changes', async () => {
		expect((await script([{ toolCalls: [] }])).status).toBe(422);
		expect((await script([])).status).toBe(422);
		expect((await send(sandbox.url, 'POST', COMPLETIONS, { json: { model: 'x', messages: [] } })).status).toBe(422);
		const planned = await complete([user]);
		expect(planned.body.choices[0].message.tool_calls[0].function.name).toBe('List_Datasets');
	});
});

test('GET /model/v1/models offers the one scripted model', async () => {
	const models = await send(sandbox.url, 'GET', '/model/v1/models');
	expect(models.body).toEqual({
		object: 'list',
		data: [{ id: 'sandbox-scripted', object: 'model', owned_by: 'sandbox' }],
	});
});
