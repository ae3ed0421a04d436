import { type HttpResult, type RequestOptions, send } from '../../scripts/http-client';
import {
	DEMO_CLIENT_ID,
	DEMO_CLIENT_SECRET,
	DEMO_PERSONAL_TOKEN,
	type Sandbox,
	type SandboxOptions,
	startSandbox,
} from '../../sandbox/server';

export { send, type HttpResult, type RequestOptions };

export const basicAuth = (user: string, password: string) =>
	`Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export function loginWithPersonalToken(sandbox: Sandbox, token = DEMO_PERSONAL_TOKEN): Promise<HttpResult> {
	return send(sandbox.url, 'POST', '/api/v0/login', {
		headers: { authorization: `Bearer ${token}` },
		json: { grant_type: 'refresh_token' },
	});
}

export function loginWithClientCredentials(
	sandbox: Sandbox,
	clientId = DEMO_CLIENT_ID,
	secret = DEMO_CLIENT_SECRET,
): Promise<HttpResult> {
	return send(sandbox.url, 'POST', '/api/v0/login', {
		headers: { authorization: basicAuth(clientId, secret) },
		json: { grant_type: 'client_credentials' },
	});
}

export async function accessToken(sandbox: Sandbox): Promise<string> {
	const reply = await loginWithPersonalToken(sandbox);
	if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${reply.text}`);
	return reply.body.access_token as string;
}

/** A client for the API routes that logs in once. */
export async function apiClient(sandbox: Sandbox) {
	const token = await accessToken(sandbox);
	const call = (method: string) => (pathAndQuery: string, json?: unknown) =>
		send(sandbox.url, method, pathAndQuery, { token, json });
	return {
		token,
		get: call('GET'),
		post: call('POST'),
		patch: call('PATCH'),
		delete: call('DELETE'),
	};
}

export type ApiClient = Awaited<ReturnType<typeof apiClient>>;

export interface SandboxFixtureOptions extends SandboxOptions {
	/** Back to the seed before each test (the default); false keeps one state for the whole file. */
	reset?: boolean;
	/** Logs a client in as `api`: before each test after the reset, or once for the file with `reset: false`. */
	client?: boolean;
}

export interface SandboxFixture {
	/** The file's sandbox, started before its first test and closed after its last: read it in tests and hooks. */
	sandbox: Sandbox;
	/** The client logged in with the demo personal token (`client: true`). */
	api: ApiClient;
	/** Logs the client in again, e.g. after a reset or a clock move inside a test; `api` is the new one after. */
	login(): Promise<ApiClient>;
}

/**
 * One sandbox per test file (or describe block), reset before each test unless `reset: false`, optionally with a
 * logged-in client; `useTestBed()` (test/nodes/setup.ts) builds on it. A test that needs a differently started
 * sandbox of its own starts and closes it itself.
 */
export function useSandbox(options: SandboxFixtureOptions = {}): SandboxFixture {
	const { reset = true, client = false, ...startOptions } = options;
	let sandbox: Sandbox | undefined;
	let api: ApiClient | undefined;
	const login = async () => (api = await apiClient(started('sandbox', sandbox)));
	beforeAll(async () => {
		sandbox = await startSandbox(startOptions);
		if (client && !reset) await login();
	});
	afterAll(async () => {
		await sandbox?.close();
		sandbox = api = undefined;
	});
	if (reset)
		beforeEach(async () => {
			started('sandbox', sandbox).reset();
			if (client) await login();
		});
	return {
		sandbox: forwarding('sandbox', () => sandbox),
		api: forwarding('api', () => (client ? api : undefined)),
		login,
	};
}

function started<T>(name: string, value: T | undefined): T {
	if (value === undefined)
		throw new Error(
			`useSandbox(): '${name}' is there from beforeAll on (and 'api' with client: true); read it in a test or hook`,
		);
	return value;
}

/** Stands for the value of the moment, so that a file can name it once, before its hooks have run. */
function forwarding<T extends object>(name: string, current: () => T | undefined): T {
	return new Proxy({} as T, {
		get(_unused, key) {
			const value = started(name, current());
			const member: unknown = Reflect.get(value, key, value);
			return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(value) : member;
		},
		has: (_unused, key) => key in started(name, current()),
	});
}

export const EXPECTED_DATASET_KEYS = [
	'allowed_asset_types',
	'created_by',
	'created_dt',
	'dataset_config',
	'deleted_by',
	'deleted_dt',
	'description',
	'embeddings',
	'encoders',
	'id',
	'keyframe_sampling_method',
	'keyframe_uniform_fps_sampling_rate',
	'metadata_fields_to_embed',
	'metadata_fields_to_index',
	'name',
	'status',
	'store_original',
	'store_preview',
	'updated_by',
	'updated_dt',
];
