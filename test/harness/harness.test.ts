/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets --
	Test-only: a local HTTP server and a made-up password for it. */
import { createHarness, HARNESS_SOURCE_NODE_TYPE, setSsrfProtection } from './engine';

import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestHelper,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeListSearchResult,
	INodeType,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

// --- A tiny API: POST /login issues a token, everything else wants `Bearer <token>` ---

interface FixtureApi {
	baseUrl: string;
	logins: number;
	requests: Array<{ method: string; path: string; authorization?: string }>;
	events: Array<{ id: number; name: string }>;
	invalidateToken(): void;
	close(): Promise<void>;
}

const USERNAME = 'fixture-user';
const PASSWORD = 'fixture-password-s3cret';

async function startFixtureApi(): Promise<FixtureApi> {
	let currentToken: string | undefined;
	const api = {
		logins: 0,
		requests: [] as FixtureApi['requests'],
		events: [] as FixtureApi['events'],
	};

	const readBody = async (req: IncomingMessage) => {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const text = Buffer.concat(chunks).toString('utf8');
		return text ? (JSON.parse(text) as IDataObject) : {};
	};

	const send = (res: ServerResponse, status: number, body: unknown) => {
		res.writeHead(status, { 'content-type': 'application/json' });
		res.end(JSON.stringify(body));
	};

	const server: Server = createServer((req, res) => {
		void (async () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			api.requests.push({
				method: req.method ?? '',
				path: url.pathname,
				authorization: req.headers.authorization,
			});

			if (req.method === 'POST' && url.pathname === '/login') {
				const body = await readBody(req);
				if (body.username !== USERNAME || body.password !== PASSWORD) {
					return send(res, 403, { message: 'Bad username or password' });
				}
				api.logins++;
				currentToken = `token-${api.logins}-${Math.random().toString(36).slice(2)}`;
				return send(res, 200, { accessToken: currentToken });
			}

			if (!currentToken || req.headers.authorization !== `Bearer ${currentToken}`) {
				return send(res, 401, { message: 'Token missing, expired or revoked' });
			}

			if (req.method === 'GET' && url.pathname === '/echo') {
				const value = url.searchParams.get('value') ?? '';
				if (value === 'boom') return send(res, 500, { message: 'The server could not echo "boom"' });
				return send(res, 200, { echoed: value });
			}
			if (req.method === 'GET' && url.pathname === '/items') {
				const filter = url.searchParams.get('filter') ?? '';
				const all = ['alpha', 'beta', 'gamma'].filter((name) => name.includes(filter));
				return send(res, 200, { items: all.map((name) => ({ id: `id-${name}`, name })) });
			}
			if (req.method === 'GET' && url.pathname === '/events') {
				const after = Number(url.searchParams.get('after') ?? '0');
				return send(res, 200, { events: api.events.filter((event) => event.id > after) });
			}
			return send(res, 404, { message: 'Not found' });
		})();
	});

	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;

	return Object.assign(api, {
		baseUrl: `http://127.0.0.1:${port}`,
		invalidateToken() {
			currentToken = undefined;
		},
		async close() {
			await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
		},
	});
}

// --- Fixture credential: logs in with preAuthentication, sends the token as a bearer ---

const fixtureCredential: ICredentialType = {
	name: 'fixtureApi',
	displayName: 'Fixture API',
	properties: [
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{ displayName: 'Username', name: 'username', type: 'string', default: '' },
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	],
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const response = (await this.helpers.httpRequest({
			method: 'POST',
			url: `${credentials.baseUrl as string}/login`,
			body: { username: credentials.username, password: credentials.password },
			json: true,
		})) as { accessToken: string };
		return { accessToken: response.accessToken };
	},
	authenticate: {
		type: 'generic',
		properties: { headers: { Authorization: '=Bearer {{$credentials.accessToken}}' } },
	},
};

// --- Fixture nodes ---

const ECHO = 'n8n-nodes-harness-fixture.echo';
const BINARY_INFO = 'n8n-nodes-harness-fixture.binaryInfo';
const EVENTS_TRIGGER = 'n8n-nodes-harness-fixture.eventsTrigger';

async function fixtureRequest(
	context: IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions,
	path: string,
	qs: IDataObject,
): Promise<IDataObject> {
	const { baseUrl } = await context.getCredentials('fixtureApi');
	const options: IHttpRequestOptions = {
		method: 'GET',
		url: `${baseUrl as string}${path}`,
		qs,
		json: true,
	};
	return (await context.helpers.httpRequestWithAuthentication.call(context, 'fixtureApi', options)) as IDataObject;
}

const echoNode: INodeType = {
	description: {
		displayName: 'Echo',
		name: 'echo',
		group: ['transform'],
		version: 1,
		description: 'Echoes a value through the fixture API',
		defaults: { name: 'Echo' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'fixtureApi', required: true }],
		properties: [
			{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			{
				displayName: 'Item',
				name: 'item',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						typeOptions: { searchListMethod: 'searchItems', searchable: true },
					},
					{ displayName: 'ID', name: 'id', type: 'string' },
				],
			},
		],
	},
	methods: {
		listSearch: {
			async searchItems(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
				const response = await fixtureRequest(this, '/items', { filter: filter ?? '' });
				const items = response.items as Array<{ id: string; name: string }>;
				return { results: items.map((item) => ({ name: item.name, value: item.id })) };
			},
		},
		loadOptions: {
			async getItemNames(this: ILoadOptionsFunctions) {
				const response = await fixtureRequest(this, '/items', {});
				const items = response.items as Array<{ id: string; name: string }>;
				return items.map((item) => ({ name: item.name, value: item.id }));
			},
		},
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const output: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			try {
				const value = this.getNodeParameter('value', i) as string;
				const response = await fixtureRequest(this, '/echo', { value });
				output.push({ json: response, pairedItem: { item: i } });
			} catch (error) {
				if (this.continueOnFail()) {
					output.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
					continue;
				}
				if (error instanceof NodeApiError || error instanceof NodeOperationError) {
					error.context.itemIndex = i;
					// Wrapping again would hand back this same error (NodeApiError returns the original).
					// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
					throw error;
				}
				throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: i });
			}
		}
		return [output];
	},
};

const binaryInfoNode: INodeType = {
	description: {
		displayName: 'Binary Info',
		name: 'binaryInfo',
		group: ['transform'],
		version: 1,
		description: 'Reads an input binary',
		defaults: { name: 'Binary Info' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Binary Property', name: 'binaryProperty', type: 'string', default: 'data' }],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const output: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			const property = this.getNodeParameter('binaryProperty', i) as string;
			const meta = this.helpers.assertBinaryData(i, property);
			const buffer = await this.helpers.getBinaryDataBuffer(i, property);
			output.push({
				json: {
					id: meta.id ?? null,
					fileName: meta.fileName ?? null,
					mimeType: meta.mimeType,
					bytes: buffer.length,
					sha256: createHash('sha256').update(buffer).digest('hex'),
				},
				pairedItem: { item: i },
			});
		}
		return [output];
	},
};

const eventsTrigger: INodeType = {
	description: {
		displayName: 'Events Trigger',
		name: 'eventsTrigger',
		group: ['trigger'],
		version: 1,
		polling: true,
		description: 'Emits new fixture events',
		defaults: { name: 'Events Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'fixtureApi', required: true }],
		properties: [],
	},
	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const staticData = this.getWorkflowStaticData('node');
		const after = (staticData.lastId as number | undefined) ?? 0;
		const response = await fixtureRequest(this, '/events', { after });
		const events = response.events as Array<{ id: number; name: string }>;
		staticData.polls = ((staticData.polls as number | undefined) ?? 0) + 1;
		if (this.getMode() === 'manual') {
			return events.length > 0 ? [this.helpers.returnJsonArray(events.slice(0, 1))] : null;
		}
		if (events.length === 0) return null;
		staticData.lastId = events[events.length - 1].id;
		return [this.helpers.returnJsonArray(events)];
	},
};

const THROWER = 'n8n-nodes-harness-fixture.thrower';

const throwerNode: INodeType = {
	description: {
		displayName: 'Thrower',
		name: 'thrower',
		group: ['transform'],
		version: 1,
		description: 'Throws for the value "bad" instead of handling continue-on-fail itself',
		defaults: { name: 'Thrower' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Value', name: 'value', type: 'string', default: '' }],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		for (let i = 0; i < items.length; i++) {
			if (this.getNodeParameter('value', i) === 'bad') {
				throw new NodeOperationError(this.getNode(), 'Bad value', {
					itemIndex: i,
					description: 'Use a good value',
				});
			}
		}
		return [items.map((_item, i) => ({ json: { ok: true }, pairedItem: { item: i } }))];
	},
};

// --- Tests ---

describe('test harness (real n8n engine)', () => {
	let api: FixtureApi;
	let harness: ReturnType<typeof createHarness>;

	const credentialData = () => ({ baseUrl: api.baseUrl, username: USERNAME, password: PASSWORD });

	beforeAll(async () => {
		api = await startFixtureApi();
	});

	afterAll(async () => {
		await api.close();
	});

	beforeEach(() => {
		api.logins = 0;
		api.requests.length = 0;
		api.events.length = 0;
		api.invalidateToken();
		harness = createHarness({
			nodeTypes: {
				[ECHO]: echoNode,
				[BINARY_INFO]: binaryInfoNode,
				[EVENTS_TRIGGER]: eventsTrigger,
				[THROWER]: throwerNode,
			},
			credentialTypes: [fixtureCredential],
		});
		harness.credentials.set('fixtureApi', credentialData());
	});

	afterEach(() => harness.dispose());

	it('starts an unset expirable property as an empty string', () => {
		expect(harness.credentials.get('fixtureApi')).toEqual({ ...credentialData(), accessToken: '' });
	});

	it('logs in once, persists the token, and a later execution reuses it', async () => {
		const first = await harness.runNode({ type: ECHO, parameters: { value: 'one' } });
		expect(first.error).toBeUndefined();
		expect(first.items.map((item) => item.json)).toEqual([{ echoed: 'one' }]);
		expect(api.logins).toBe(1);
		expect(harness.credentials.updateCount).toBe(1);
		const token = harness.credentials.get('fixtureApi')?.accessToken;
		expect(token).toMatch(/^token-1-/);

		const second = await harness.runNode({
			type: ECHO,
			parameters: { value: 'two' },
			inputItems: [{}, {}, {}],
		});
		expect(second.items).toHaveLength(3);
		expect(api.logins).toBe(1);
		expect(harness.credentials.updateCount).toBe(1);
		expect(harness.credentials.get('fixtureApi')?.accessToken).toBe(token);
		expect(api.requests.filter((r) => r.path === '/echo').map((r) => r.authorization)).toEqual(
			Array(4).fill(`Bearer ${token as string}`),
		);
	});

	it('re-logs in exactly once after a 401 and retries the request', async () => {
		await harness.runNode({ type: ECHO, parameters: { value: 'warm-up' } });
		const oldToken = harness.credentials.get('fixtureApi')?.accessToken;
		api.invalidateToken();
		api.requests.length = 0;

		const result = await harness.runNode({
			type: ECHO,
			parameters: { value: 'after-revoke' },
			inputItems: [{}, {}],
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([{ echoed: 'after-revoke' }, { echoed: 'after-revoke' }]);
		expect(api.logins).toBe(2);
		expect(harness.credentials.updateCount).toBe(2);
		const newToken = harness.credentials.get('fixtureApi')?.accessToken;
		expect(newToken).toMatch(/^token-2-/);
		expect(newToken).not.toBe(oldToken);
		// 401 with the old token, one login, then the retry and the second item reuse the new one.
		expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /echo',
			'POST /login',
			'GET /echo',
			'GET /echo',
		]);
	});

	it('resolves expressions per item and keeps pairedItem', async () => {
		const result = await harness.runNode({
			type: ECHO,
			parameters: { value: '={{ $json.x }}-{{ $itemIndex }}' },
			inputItems: [{ x: 'a' }, { x: 'b' }, { x: 'c' }],
		});
		expect(result.items.map((item) => item.json.echoed)).toEqual(['a-0', 'b-1', 'c-2']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('continueOnFail turns a failing item into an error item with pairedItem', async () => {
		const result = await harness.runNode({
			type: ECHO,
			parameters: { value: '={{ $json.x }}' },
			inputItems: [{ x: 'fine' }, { x: 'boom' }, { x: 'also fine' }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json).toEqual({ echoed: 'fine' });
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(typeof result.items[1].json.error).toBe('string');
		expect(result.items[2].json).toEqual({ echoed: 'also fine' });
	});

	it('without continueOnFail the execution error keeps message, description and itemIndex', async () => {
		const result = await harness.runNode({
			type: ECHO,
			parameters: { value: '={{ $json.x }}' },
			inputItems: [{ x: 'fine' }, { x: 'boom' }],
		});
		expect(result.items).toEqual([]);
		expect(result.error).toBeDefined();
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.context.itemIndex).toBe(1);
		expect(`${result.error?.message} ${result.error?.description ?? ''}`).toContain('boom');
	});

	it('shows what the engine does when a node throws under continueOnFail', async () => {
		const result = await harness.runNode({
			type: THROWER,
			parameters: { value: '={{ $json.v }}' },
			inputItems: [{ v: 'good' }, { v: 'bad' }],
			continueOnFail: true,
		});
		// No error item: the input items pass through unchanged ...
		expect(result.items).toEqual([
			{ json: { v: 'good' }, pairedItem: { item: 0 } },
			{ json: { v: 'bad' }, pairedItem: { item: 1 } },
		]);
		// ... and because it was the last node to run, the execution still ends as an error.
		expect(result.run.status).toBe('error');
		expect(result.error).toMatchObject({
			name: 'NodeOperationError',
			message: 'Bad value',
			description: 'Use a good value',
			context: { itemIndex: 1 },
		});
		expect(result.error).not.toBeInstanceOf(NodeOperationError);
	});

	it('runs a workflow JSON with expressions that follow pairedItem back to an earlier node', async () => {
		const result = await harness.runWorkflow({
			nodes: [
				{
					id: 'a',
					name: 'First',
					type: ECHO,
					typeVersion: 1,
					position: [0, 0],
					parameters: { value: 'first' },
					credentials: { fixtureApi: { id: '1', name: 'Fixture' } },
				},
				{
					id: 'b',
					name: 'Second',
					type: ECHO,
					typeVersion: 1,
					position: [200, 0],
					parameters: { value: "={{ $('First').item.json.echoed }}+second" },
					credentials: { fixtureApi: { id: '1', name: 'Fixture' } },
				},
			],
			connections: {
				First: { main: [[{ node: 'Second', type: NodeConnectionTypes.Main, index: 0 }]] },
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.outputOf('Second').map((item) => item.json)).toEqual([{ echoed: 'first+second' }]);
		expect(result.outputOf('Nope')).toEqual([]);
	});

	it('feeds input binaries through the filesystem binary store', async () => {
		const content = Buffer.from('not really a PNG, but bytes all the same');
		const result = await harness.runNode({
			type: BINARY_INFO,
			inputItems: [
				{
					json: { name: 'picture' },
					binary: { data: { data: content, fileName: 'picture.png', mimeType: 'image/png' } },
				},
				{
					json: {},
					binary: {
						data: { data: content.toString('base64'), fileName: 'b.png', mimeType: 'image/png' },
					},
				},
			],
		});
		expect(result.error).toBeUndefined();
		const sha256 = createHash('sha256').update(content).digest('hex');
		expect(result.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ fileName: 'picture.png', bytes: content.length, sha256 }),
			expect.objectContaining({ fileName: 'b.png', bytes: content.length, sha256 }),
		]);
		expect(String(result.items[0].json.id)).toMatch(/^filesystem(-v2)?:/);
		const sourceItems = result.run.outputOf('Harness Input');
		expect(sourceItems[0].binary?.data.data).not.toContain(content.toString('base64'));
	});

	it('keeps poll static data across runPoll calls (a restart is a new call with the same data)', async () => {
		const first = await harness.runPoll({ type: EVENTS_TRIGGER });
		expect(first.items).toBeNull();
		expect(first.staticData).toEqual({ polls: 1 });

		api.events.push({ id: 1, name: 'created' }, { id: 2, name: 'updated' });
		const second = await harness.runPoll({ type: EVENTS_TRIGGER, staticData: first.staticData });
		expect(second.items?.[0].map((item) => item.json)).toEqual([
			{ id: 1, name: 'created' },
			{ id: 2, name: 'updated' },
		]);
		expect(second.staticData).toEqual({ polls: 2, lastId: 2 });

		const third = await harness.runPoll({ type: EVENTS_TRIGGER, staticData: second.staticData });
		expect(third.items).toBeNull();

		const manual = await harness.runPoll({
			type: EVENTS_TRIGGER,
			staticData: { lastId: 0 },
			mode: 'manual',
		});
		expect(manual.items?.[0]).toHaveLength(1);
		expect(manual.staticData).toEqual({ lastId: 0, polls: 1 });
		expect(api.logins).toBe(1);
	});

	it('calls listSearch and loadOptions methods through the real load-options context', async () => {
		const search = await harness.runListSearch({ type: ECHO, method: 'searchItems', filter: 'a' });
		expect(search.results.map((result) => result.name)).toEqual(['alpha', 'beta', 'gamma']);
		const filtered = await harness.runListSearch({
			type: ECHO,
			method: 'searchItems',
			filter: 'mm',
		});
		expect(filtered).toEqual({ results: [{ name: 'gamma', value: 'id-gamma' }] });

		const options = await harness.runLoadOptions({ type: ECHO, method: 'getItemNames' });
		expect(options).toHaveLength(3);
		expect(api.logins).toBe(1);
	});

	it('exposes node types the way n8n looks them up', () => {
		expect(harness.nodeTypes.getByNameAndVersion(ECHO, 1).description.name).toBe('echo');
		expect(Object.keys(harness.nodeTypes.getKnownTypes())).toEqual(
			expect.arrayContaining([ECHO, HARNESS_SOURCE_NODE_TYPE]),
		);
	});

	it('records what the engine logs, so a test can look for leaked secrets', async () => {
		await harness.runNode({ type: ECHO, parameters: { value: 'logged' } });
		await harness.runNode({
			type: ECHO,
			parameters: { value: 'boom' },
		});
		expect(harness.logs.some((line) => line.includes('Workflow execution started'))).toBe(true);
		const token = harness.credentials.get('fixtureApi')?.accessToken as string;
		const everything = harness.logs.join('\n');
		expect(everything).not.toContain(PASSWORD);
		expect(everything).not.toContain(token);
	});

	it('reaches 127.0.0.1 because SSRF protection is off, and is blocked when it is on', async () => {
		setSsrfProtection(true);
		try {
			const blocked = await harness.runNode({ type: ECHO, parameters: { value: 'x' } });
			expect(blocked.error).toBeDefined();
			expect(JSON.stringify(blocked.error)).toContain('restricted IP address');
			expect(api.requests).toHaveLength(0);
		} finally {
			setSsrfProtection(false);
		}
		const allowed = await harness.runNode({ type: ECHO, parameters: { value: 'x' } });
		expect(allowed.error).toBeUndefined();
	});
});
