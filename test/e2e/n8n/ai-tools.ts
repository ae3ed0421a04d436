/*
 * The package's nodes as AI tools in the shared n8n: the two AI examples (examples/mcp-server-media-library.json,
 * examples/ask-your-media-library-agent.json) are published as they ship, and unpublished afterwards.
 * An MCP client (@modelcontextprotocol/sdk) lists and calls the tools over loopback; n8n's AI Agent, whose OpenAI
 * Chat Model points at the sandbox's scripted model, calls them with the $fromAI arguments the script gives. What the
 * sandbox received (its request log) and what came back are checked; no real model, nothing leaves 127.0.0.1.
 */
// The SDK publishes its modules through package.json "exports", which the lint's import resolver does not read.
// eslint-disable-next-line import-x/no-unresolved
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
// eslint-disable-next-line import-x/no-unresolved
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import type { INodeProperties, INodeType } from 'n8n-workflow';

import { TOOL_LIMIT } from '../../../nodes/shared/aiTool';
import type { ModelTurn } from '../../../sandbox/model';
import { SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../../sandbox/server';
import { MCP_DEMO_TOKEN, mcpExampleUrl } from '../../../scripts/n8n-runtime/ai-examples';
import { documented } from '../../../scripts/node-docs';
import { type Example, loadExamples } from '../../../scripts/n8n-runtime/examples';
import { type Execution, listExecutions, type WorkflowJson } from '../../../scripts/n8n-runtime/instance';
import { EXAMPLE_CHECKS } from '../example-checks';
import { SandboxClient, until } from '../sandbox-client';
import type { Scenario } from './shared';
import { byId } from '../../support/locators';
const MODEL_REQUESTS = '/model/v1/chat/completions';

function aiExample(entry: 'chat' | 'mcp'): Example {
	const found = loadExamples().filter((example) => example.aiEntry === entry);
	if (found.length !== 1)
		throw new Error(`Expected one example served to ${entry} clients in examples/, found ${found.length}`);
	return found[0];
}
const mcpExample = aiExample('mcp');
const chatExample = aiExample('chat');

/** The package's node classes, by type name (`mediaAnalysisSearch`). */
const packageNodes = new Map(
	documented().flatMap((subject) =>
		subject.kind === 'node' ? [[subject.node.description.name, subject.node] as const] : [],
	),
);

/**
 * What a tool node gives the model when nobody wrote a description: its operation's Tool Description, or where the
 * node has none, n8n's own text (the operation's action and the node's name).
 */
function defaultToolDescription(node: { type: string; parameters?: Record<string, unknown> }): string {
	const type = packageNodes.get(node.type.replace(/^.*\./, '').replace(/Tool$/, ''))!.description;
	const { resource, operation } = node.parameters as { resource: string; operation: string };
	const forOperation = (p: INodeProperties) =>
		p.displayOptions?.show?.resource?.includes(resource) &&
		(p.name === 'operation' || p.displayOptions?.show?.operation?.includes(operation));
	const written = type.properties.find((p) => p.name === 'toolDescription' && forOperation(p));
	if (written) return String(written.default);
	const options = (type.properties.find((p) => p.name === 'operation' && forOperation(p))?.options ?? []) as Array<{
		value: string;
		action?: string;
	}>;
	return `${options.find((option) => option.value === operation)?.action} in ${String(type.defaults.name)}`;
}

/** The tool names n8n derives from the example's tool nodes, with the description each node gives the model. */
function toolsOf(example: Example): Map<string, string> {
	const tools = example.workflow.nodes.filter((node) => node.type.endsWith('Tool'));
	return new Map(
		tools.map((node) => [
			node.name.replace(/[^a-zA-Z0-9_-]+/g, '_'),
			String(node.parameters?.toolDescription ?? defaultToolDescription(node)),
		]),
	);
}

/**
 * The package's tools as they come, at their latest versions: no Tool Description written, Limits and Output left at
 * their defaults. Served by an MCP Server Trigger of its own (same bearer credential as the example's).
 */
const DEFAULTS_PATH = 'media-library-tool-defaults';
const sandboxCredential = mcpExample.workflow.nodes.find((node) => node.type.endsWith('Tool'))?.credentials;
const mcpTrigger = mcpExample.workflow.nodes.find((node) => node.type.endsWith('mcpTrigger'))!;
const asTool = (name: string, typeName: string, x: number, parameters: Record<string, unknown>) => {
	const node = packageNodes.get(typeName) as INodeType;
	return {
		id: `5e1f0c2a-7d3b-4c8e-9a6f-00000000000${x}`,
		name,
		type: `n8n-nodes-media-analysis.${node.description.name}Tool`,
		typeVersion: 1,
		position: [x * 200, 240],
		parameters,
		credentials: sandboxCredential,
	};
};
const fromAI = (key: string, description: string) => `={{ $fromAI('${key}', '${description}', 'string') }}`;
const defaultsWorkflow: WorkflowJson = {
	id: 'maE2eToolDflt001',
	name: 'e2e: the package tools as they come',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			...mcpTrigger,
			id: '5e1f0c2a-7d3b-4c8e-9a6f-000000000000',
			webhookId: '0b7e4d2c-9a1f-4e36-8c5d-2f6a1b3c4d5e',
			parameters: { authentication: 'bearerAuth', path: DEFAULTS_PATH },
		},
		asTool('List Datasets', 'mediaAnalysisDatasets', 1, { resource: 'dataset', operation: 'getMany' }),
		asTool('Search Images', 'mediaAnalysisSearch', 2, {
			resource: 'image',
			operation: 'searchByText',
			datasetId: byId(fromAI('dataset_id', 'ID of the dataset')),
			textQuery: fromAI('query', 'What to look for'),
		}),
		asTool('Ask About Videos', 'mediaAnalysisConversationalSearch', 3, {
			resource: 'chat',
			operation: 'sendMessage',
			message: fromAI('question', 'The question'),
		}),
	],
	connections: Object.fromEntries(
		['List Datasets', 'Search Images', 'Ask About Videos'].map((name) => [
			name,
			{ ai_tool: [[{ node: mcpTrigger.name, type: 'ai_tool', index: 0 }]] },
		]),
	),
};

export const aiToolsScenario: Scenario = {
	workflows: () => [mcpExample.workflow, chatExample.workflow, defaultsWorkflow],
	register(n8n) {
		describe('the package as AI tools', () => {
			const chatWebhookId = chatExample.workflow.nodes.find((node) => node.type.endsWith('chatTrigger'))?.webhookId;
			beforeAll(async () => {
				n8n.fresh();
				n8n.sandbox.store.ingestion.setStepMs(0);
				for (const workflow of [mcpExample.workflow, chatExample.workflow, defaultsWorkflow])
					await n8n.server.activate(workflow.id);
				// n8n registers a published workflow's webhooks just after: until then both URLs answer 404.
				await until(
					'n8n serves the MCP and chat endpoints',
					120_000,
					async () => {
						const mcp = await fetch(mcpExampleUrl(n8n.server.url), { method: 'DELETE' });
						const defaults = await fetch(`${n8n.server.url}/mcp/${DEFAULTS_PATH}`, { method: 'DELETE' });
						const chat = await fetch(`${n8n.server.url}/webhook/${String(chatWebhookId)}/chat`);
						return mcp.status !== 404 && defaults.status !== 404 && chat.status !== 404 ? true : undefined;
					},
					() => n8n.server.logs.slice(-3000),
				);
			}, 5 * 60_000);

			afterAll(async () => {
				for (const workflow of [mcpExample.workflow, chatExample.workflow, defaultsWorkflow])
					await n8n.server.deactivate(workflow.id);
				n8n.sandbox.store.ingestion.setStepMs(1000);
			});

			const requestsTo = (method: string, path: string) =>
				n8n.sandbox.requests.filter((r) => r.method === method && r.path === path);

			const expectNoSecrets = (text: string) => n8n.expectNoSecrets(text);

			/** The last execution of a workflow, which must have succeeded, checked by its example's check. */
			async function checkLastExecution(example: Example): Promise<Execution> {
				// n8n saves an execution's final status just after the answer has gone out.
				const last = await until(`the last execution of ${example.file} has finished`, 60_000, async () => {
					const executions = await listExecutions(n8n.server, example.workflow.id);
					const newest = executions[executions.length - 1];
					return newest && !['new', 'running'].includes(newest.status) ? newest : undefined;
				});
				expect(last.status).toBe('success');
				const execution: Execution = { ok: true, run: await n8n.server.execution(last.id), output: '' };
				EXAMPLE_CHECKS[example.file](execution, n8n.sandbox);
				return execution;
			}

			describe('an MCP client uses the tools of the published MCP Server Trigger', () => {
				let client: Client;
				const answers: string[] = [];
				const call = async (name: string, args: Record<string, unknown>) => {
					const result = (await client.callTool({ name, arguments: args })) as {
						isError?: boolean;
						content: Array<{ text?: string }>;
					};
					const text = result.content.map((part) => part.text ?? '').join('\n');
					answers.push(text);
					return { isError: result.isError === true, text };
				};

				afterAll(async () => {
					await client?.close();
				});

				test('without the bearer token the endpoint refuses the client', async () => {
					const response = await fetch(mcpExampleUrl(n8n.server.url), {
						method: 'POST',
						headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
						body: JSON.stringify({
							jsonrpc: '2.0',
							id: 1,
							method: 'initialize',
							params: {
								protocolVersion: '2025-06-18',
								capabilities: {},
								clientInfo: { name: 'e2e', version: '1.0.0' },
							},
						}),
					});
					expect(response.status).toBe(403);
					expect(n8n.sandbox.requests).toEqual([]);
				});

				test('it lists every tool with its description and input schema', async () => {
					client = new Client({ name: 'media-analysis-e2e', version: '1.0.0' });
					await client.connect(
						new StreamableHTTPClientTransport(new URL(mcpExampleUrl(n8n.server.url)), {
							requestInit: { headers: { authorization: `Bearer ${MCP_DEMO_TOKEN}` } },
						}),
					);
					const { tools } = await client.listTools();
					const expected = toolsOf(mcpExample);
					expect(tools.map((tool) => tool.name).sort()).toEqual([...expected.keys()].sort());
					for (const tool of tools) {
						expect({ tool: tool.name, description: tool.description }).toEqual({
							tool: tool.name,
							description: expected.get(tool.name),
						});
						expect(tool.inputSchema.type).toBe('object');
					}
					const inputs = new Map(
						tools.map((tool) => [tool.name, Object.keys(tool.inputSchema.properties ?? {}).sort()]),
					);
					expect(Object.fromEntries(inputs)).toEqual({
						List_Datasets: [],
						Search_Images: ['dataset_id', 'query'],
						Ingest_Images: ['dataset_id', 'image_urls'],
						Get_Ingestion_Job_Status: ['job_id'],
						Classify_Image: ['dataset_id', 'image_url'],
					});
					const search = tools.find((tool) => tool.name === 'Search_Images');
					expect(search?.inputSchema.required?.sort()).toEqual(['dataset_id', 'query']);
				});

				test(
					'it lists datasets, ingests images, follows the job, searches and classifies with the sandbox data',
					async () => {
						n8n.sandbox.clearRequestLog();
						const datasets = await call('List_Datasets', {});
						expect(datasets.isError).toBe(false);
						expect(datasets.text).toContain(SEED_DATASET_IDS.demoImages);
						expect(datasets.text).toContain(SEED_DATASET_NAMES.demoVideos);
						expect(requestsTo('GET', '/api/v1/datasets')).toHaveLength(1);

						const urls = [
							'https://media.example.com/mcp/sunny-beach.jpg',
							'https://media.example.com/mcp/red-bicycle.jpg',
						];
						const ingest = await call('Ingest_Images', {
							dataset_id: SEED_DATASET_IDS.demoImages,
							image_urls: urls.join(', '),
						});
						expect(ingest.isError).toBe(false);
						expect(requestsTo('POST', '/api/v1/ingestion/images').map((r) => r.body)).toEqual([
							{ dataset_id: SEED_DATASET_IDS.demoImages, images: urls.map((source_path) => ({ source_path })) },
						]);
						// Each row names its job: ingest_job_id.
						const jobId = ingest.text.match(/"ingest_job_id":"([0-9a-f]{24})"/)?.[1];
						if (!jobId) throw new Error(`Ingest_Images returned no job id: ${ingest.text}`);

						const status = await until(`job ${jobId} is completed`, 60_000, async () => {
							const answer = await call('Get_Ingestion_Job_Status', { job_id: jobId });
							expect(answer.isError).toBe(false);
							return /"status":"completed"/.test(answer.text) ? answer.text : undefined;
						});
						for (const url of urls) expect(status).toContain(url);
						expect(requestsTo('GET', `/api/v1/ingestion/jobs/${jobId}/status`).length).toBeGreaterThanOrEqual(1);

						const found = await call('Search_Images', {
							dataset_id: SEED_DATASET_IDS.demoImages,
							query: 'sunny beach',
						});
						expect(found.isError).toBe(false);
						expect(found.text).toContain(urls[0]);
						expect(requestsTo('POST', '/api/v1/search/text-to-image').map((r) => r.body)).toEqual([
							expect.objectContaining({ dataset_id: SEED_DATASET_IDS.demoImages, text_query: 'sunny beach' }),
						]);

						const classified = await call('Classify_Image', {
							dataset_id: SEED_DATASET_IDS.demoImages,
							image_url: urls[0],
						});
						expect(classified.isError).toBe(false);
						expect(classified.text).toContain('beach');
						expect(requestsTo('POST', '/api/v1/classify/image/url').map((r) => r.body)).toEqual([
							{ url: urls[0], datasetId: SEED_DATASET_IDS.demoImages },
						]);
						await checkLastExecution(mcpExample);
					},
					5 * 60_000,
				);

				test(
					'a bad argument comes back as a tool error, the server keeps serving',
					async () => {
						n8n.sandbox.clearRequestLog();
						const notUuid = await call('Search_Images', { dataset_id: 'my holiday photos', query: 'beach' });
						expect(notUuid.isError).toBe(true);
						expect(notUuid.text).toMatch(/Dataset/);
						const missing = await call('Get_Ingestion_Job_Status', {});
						expect(missing.isError).toBe(true);
						expect(missing.text).toMatch(/job_id/);
						// Neither reached the service: the node checks its parameters before sending anything.
						expect(n8n.sandbox.requests.filter((r) => r.path !== '/api/v0/login')).toEqual([]);

						const again = await call('List_Datasets', {});
						expect(again.isError).toBe(false);
						expect(again.text).toContain(SEED_DATASET_IDS.demoImages);
						expectNoSecrets(answers.join('\n'));
					},
					5 * 60_000,
				);
			});

			describe('the tools as they come (latest versions, nothing written or set) over MCP', () => {
				let client: Client;
				afterAll(async () => {
					await client?.close();
				});

				test(
					"each tool is described by its operation's Tool Description; lists start at 10 and records are Simplified; a chat answer is the turn",
					async () => {
						client = new Client({ name: 'media-analysis-e2e-defaults', version: '1.0.0' });
						await client.connect(
							new StreamableHTTPClientTransport(new URL(`${n8n.server.url}/mcp/${DEFAULTS_PATH}`), {
								requestInit: { headers: { authorization: `Bearer ${MCP_DEMO_TOKEN}` } },
							}),
						);
						const { tools: listed } = await client.listTools();
						const tools = defaultsWorkflow.nodes.filter((node) => node.type.endsWith('Tool'));
						expect(Object.fromEntries(listed.map((tool) => [tool.name, tool.description]))).toEqual(
							Object.fromEntries(
								tools.map((node) => [node.name.replace(/[^a-zA-Z0-9_-]+/g, '_'), defaultToolDescription(node)]),
							),
						);
						const call = async (name: string, args: Record<string, unknown>) => {
							const result = (await client.callTool({ name, arguments: args })) as {
								isError?: boolean;
								content: Array<{ text?: string }>;
							};
							expect({ name, isError: result.isError === true }).toEqual({ name, isError: false });
							return result.content.map((part) => part.text ?? '').join('\n');
						};

						const datasets = await call('List_Datasets', {});
						expect(datasets).toContain(SEED_DATASET_IDS.demoImages);
						// Output: Simplified, n8n's default for a record of more than 10 fields.
						expect(datasets).not.toContain('dataset_config');

						// In a dataset and words of its own, so that the agent's search below finds what it ingests first.
						await new SandboxClient(n8n.sandbox).ingest(
							'images',
							SEED_DATASET_IDS.demoMixed,
							Array.from(
								{ length: TOOL_LIMIT + 4 },
								(_, i) => `https://media.example.com/defaults/harbour-crane-${i}.jpg`,
							),
						);
						n8n.sandbox.clearRequestLog();
						const found = await call('Search_Images', {
							dataset_id: SEED_DATASET_IDS.demoMixed,
							query: 'harbour crane',
						});
						expect(
							requestsTo('POST', '/api/v1/search/text-to-image').map((r) => (r.body as { limit?: number }).limit),
						).toEqual([TOOL_LIMIT]);
						expect(found.match(/"coactive_image_id"/g)).toHaveLength(TOOL_LIMIT);

						const answer = await call('Ask_About_Videos', { question: 'kitchen videos' });
						expect(answer).toContain('new_chat_messages');
						expect(answer).not.toContain('history_chat_messages');
						expectNoSecrets(answer);
					},
					5 * 60_000,
				);
			});

			describe("n8n's AI Agent calls the tools with $fromAI arguments from a scripted model", () => {
				test(
					'the agent lists datasets, searches one, and answers with what the sandbox returned',
					async () => {
						const beach = 'https://media.example.com/agent/sunny-beach-towels.jpg';
						await new SandboxClient(n8n.sandbox).ingest('images', SEED_DATASET_IDS.demoImages, [
							beach,
							'https://media.example.com/agent/city-tram.jpg',
						]);
						const turns: ModelTurn[] = [
							{ toolCalls: [{ name: 'List_Datasets', arguments: {} }] },
							{
								toolCalls: [
									{
										name: 'Search_Images',
										arguments: { dataset_id: SEED_DATASET_IDS.demoImages, query: 'sunny beach' },
									},
								],
							},
							{ final: 'Found in your media library:\n{{results}}' },
						];
						const script = await fetch(`${n8n.sandbox.url}/__sandbox/model/script`, {
							method: 'PUT',
							headers: { 'content-type': 'application/json' },
							body: JSON.stringify({ turns }),
						});
						expect(script.status).toBe(200);
						n8n.sandbox.clearRequestLog();

						const webhookId = chatWebhookId;
						const response = await fetch(`${n8n.server.url}/webhook/${String(webhookId)}/chat`, {
							method: 'POST',
							headers: { 'content-type': 'application/json' },
							body: JSON.stringify({
								action: 'sendMessage',
								sessionId: 'e2e-agent',
								chatInput: 'Do I have photos of a sunny beach?',
							}),
						});
						const answerText = await response.text();
						expect({ status: response.status, answerText }).toEqual({ status: 200, answerText: expect.any(String) });
						const answer = (JSON.parse(answerText) as { output?: string }).output ?? '';
						expect(answer).toContain('Found in your media library:');
						expect(answer).toContain(SEED_DATASET_NAMES.demoImages);
						expect(answer).toContain(beach);

						// The model was offered the example's tools with their descriptions, three times (two tool rounds, one answer).
						const modelCalls = requestsTo('POST', MODEL_REQUESTS).map(
							(r) => r.body as { tools?: Array<{ function: { name: string; description: string } }> },
						);
						expect(modelCalls).toHaveLength(3);
						const offered = new Map(
							modelCalls[0].tools?.map((tool) => [tool.function.name, tool.function.description]),
						);
						expect(offered).toEqual(toolsOf(chatExample));

						// The service saw exactly the calls the script asked for, with the arguments filled in by $fromAI.
						const service = n8n.sandbox.requests.filter((r) => r.path.startsWith('/api/v1/'));
						expect(service.map((r) => `${r.method} ${r.path}`)).toEqual([
							'GET /api/v1/datasets',
							'POST /api/v1/search/text-to-image',
						]);
						expect(service[1].body).toEqual(
							expect.objectContaining({ dataset_id: SEED_DATASET_IDS.demoImages, text_query: 'sunny beach' }),
						);

						expectNoSecrets(answerText);
						// The sandbox masks a known secret in what it logs and flags the entry: no message to the model held one.
						expect(requestsTo('POST', MODEL_REQUESTS).filter((r) => r.secretsMasked)).toEqual([]);
						await checkLastExecution(chatExample);
					},
					5 * 60_000,
				);
			});
		});
	},
};
