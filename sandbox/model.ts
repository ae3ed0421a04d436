/*
 * A scripted, OpenAI-compatible chat model on the sandbox's port (`<sandbox>/model/v1`): n8n's OpenAI Chat Model
 * points its Base URL here, so an AI Agent runs with no real model and no network. It is not a language model: a
 * test scripts each answer (the tool calls to make, then a final message built from the tool results), and without
 * a script a small fixed plan answers (list datasets, search the first one for the user's words, summarise).
 */
import { z } from 'zod';
import { HttpError, jsonReply, type Reply } from './http';
import type { RouteDefinition } from './routes/route';
import type { SandboxStore } from './store';
import { validate } from './validation';

export const MODEL_PATH = '/model/v1';
/** The only model this endpoint offers (`GET /model/v1/models`); any model name is answered the same way. */
export const SCRIPTED_MODEL_NAME = 'sandbox-scripted';

/** One answer of the model: call tools, or end with a message (`{{results}}` stands for every tool result so far). */
export type ModelTurn = { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> } | { final: string };

const turnSchema = z.union([
	z
		.object({
			toolCalls: z
				.array(z.object({ name: z.string().min(1), arguments: z.record(z.string(), z.unknown()) }).strict())
				.min(1),
		})
		.strict(),
	z.object({ final: z.string() }).strict(),
]);

interface ChatMessage {
	role: string;
	content?: unknown;
	name?: string;
	tool_call_id?: string;
	tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
}

interface OfferedTool {
	name: string;
	description?: string;
	parameters?: { properties?: Record<string, unknown>; required?: string[] };
}

const completionBody = z
	.object({
		model: z.string(),
		messages: z.array(z.object({ role: z.string() }).passthrough()).min(1),
		tools: z
			.array(
				z
					.object({
						type: z.literal('function'),
						function: z.object({ name: z.string(), description: z.string().optional() }).passthrough(),
					})
					.passthrough(),
			)
			.optional(),
		stream: z.boolean().optional(),
	})
	.passthrough();

/** The script of each sandbox (keyed by its store, so two sandboxes in one process never share one). */
const scripts = new WeakMap<SandboxStore, ModelTurn[]>();

export const DEFAULT_FINAL = 'Here is what the media library returned:\n{{results}}';

/**
 * The answer to a conversation: turn N of the script answers the conversation in which the model has already answered
 * N times since the user's last message, so the same conversation always gets the same answer.
 */
function nextTurn(script: ModelTurn[] | undefined, messages: ChatMessage[], tools: OfferedTool[]): ModelTurn {
	const lastUser = messages.map((m) => m.role).lastIndexOf('user');
	const answered = messages.slice(lastUser + 1).filter((m) => m.role === 'assistant').length;
	if (script) {
		const turn = script[answered];
		if (!turn)
			throw new HttpError(400, `The model script has ${script.length} turn(s); turn ${answered + 1} was asked for`);
		return turn;
	}
	return plannedTurn(answered, textOf(messages[lastUser]?.content), toolResults(messages), tools);
}

/** Without a script: list the datasets, then search the first one for the user's words, then summarise. */
function plannedTurn(answered: number, question: string, results: string[], tools: OfferedTool[]): ModelTurn {
	const needs = (tool: OfferedTool, ...names: string[]) =>
		names.every((n) => tool.parameters?.properties?.[n] !== undefined);
	const lister = tools.find((tool) => /dataset/i.test(tool.name) && (tool.parameters?.required ?? []).length === 0);
	const searcher = tools.find((tool) => /search/i.test(tool.name) && needs(tool, 'dataset_id', 'query'));
	if (answered === 0 && lister) return { toolCalls: [{ name: lister.name, arguments: {} }] };
	const datasetId = results.join('\n').match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)?.[0];
	if (answered === 1 && searcher && datasetId) {
		return { toolCalls: [{ name: searcher.name, arguments: { dataset_id: datasetId, query: question } }] };
	}
	return { final: results.length > 0 ? DEFAULT_FINAL : `(sandbox model) You asked: ${question}` };
}

function textOf(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) {
		return content
			.map((part) => (part as { text?: unknown }).text)
			.filter((t) => typeof t === 'string')
			.join('');
	}
	return '';
}

/** The results of the tools called since the user's last message, oldest first. */
function toolResults(messages: ChatMessage[]): string[] {
	const lastUser = messages.map((m) => m.role).lastIndexOf('user');
	return messages
		.slice(lastUser + 1)
		.filter((m) => m.role === 'tool')
		.map((m) => textOf(m.content));
}

function assistantMessage(turn: ModelTurn, messages: ChatMessage[], tools: OfferedTool[], callPrefix: string) {
	if ('final' in turn) {
		return { role: 'assistant', content: turn.final.replace('{{results}}', toolResults(messages).join('\n')) };
	}
	const offered = new Set(tools.map((tool) => tool.name));
	const missing = turn.toolCalls.find((call) => !offered.has(call.name));
	if (missing) {
		throw new HttpError(
			400,
			`The script calls the tool "${missing.name}", which the request does not offer (offered: ${[...offered].join(', ') || 'none'})`,
		);
	}
	return {
		role: 'assistant',
		content: null,
		tool_calls: turn.toolCalls.map((call, index) => ({
			id: `${callPrefix}_${index}`,
			type: 'function',
			function: { name: call.name, arguments: JSON.stringify(call.arguments) },
		})),
	};
}

/** The same answer as server-sent events, for a client that asked for `stream: true`. */
function streamed(
	id: string,
	model: string,
	message: ReturnType<typeof assistantMessage>,
	finishReason: string,
): Reply {
	const chunk = (delta: unknown, finish: string | null) =>
		`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
	const delta =
		'tool_calls' in message && message.tool_calls
			? { role: 'assistant', tool_calls: message.tool_calls.map((call, index) => ({ index, ...call })) }
			: { role: 'assistant', content: message.content };
	return {
		status: 200,
		raw: `${chunk(delta, null)}${chunk({}, finishReason)}data: [DONE]\n\n`,
		headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
	};
}

let completions = 0;

export const modelRoutes: RouteDefinition[] = [
	{
		method: 'GET',
		path: `${MODEL_PATH}/models`,
		auth: 'none',
		handle: () =>
			jsonReply(200, { object: 'list', data: [{ id: SCRIPTED_MODEL_NAME, object: 'model', owned_by: 'sandbox' }] }),
	},
	{
		method: 'POST',
		path: `${MODEL_PATH}/chat/completions`,
		auth: 'none',
		handle(context) {
			const { body } = validate(context, { body: completionBody });
			const messages = body.messages as ChatMessage[];
			const tools = (body.tools ?? []).map((tool) => tool.function as OfferedTool);
			const turn = nextTurn(scripts.get(context.store), messages, tools);
			const id = `chatcmpl-sandbox-${++completions}`;
			const message = assistantMessage(turn, messages, tools, `call_${completions}`);
			const finishReason = 'tool_calls' in message ? 'tool_calls' : 'stop';
			if (body.stream) return streamed(id, body.model, message, finishReason);
			return jsonReply(200, {
				id,
				object: 'chat.completion',
				created: Math.floor(Date.parse(context.clock.nowIso()) / 1000),
				model: body.model,
				choices: [{ index: 0, message, finish_reason: finishReason }],
				usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
			});
		},
	},
];

/** `PUT /__sandbox/model/script` sets the turns (`{"turns": [...]}`); `DELETE` goes back to the fixed plan. */
export const modelControlRoutes: RouteDefinition[] = [
	{
		method: 'PUT',
		path: '/__sandbox/model/script',
		auth: 'none',
		handle(context) {
			const { body } = validate(context, { body: z.object({ turns: z.array(turnSchema).min(1) }).strict() });
			scripts.set(context.store, body.turns as ModelTurn[]);
			return jsonReply(200, { turns: body.turns.length });
		},
	},
	{
		method: 'DELETE',
		path: '/__sandbox/model/script',
		auth: 'none',
		handle(context) {
			scripts.delete(context.store);
			return jsonReply(200, { scripted: false });
		},
	},
];
