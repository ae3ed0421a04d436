/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets --
	Development code (tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only: the real nodes through n8n's engine against loopback servers that misbehave on purpose (issue 12):
 * redirects, silence, trickles, answers that are not what the document says, echoed secrets, odd identifiers. */
import type { IDataObject, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes, sleep } from 'n8n-workflow';

import { LOGIN_LIMITS } from '../../../credentials/login';
import { MediaAnalysisApi } from '../../../credentials/MediaAnalysisApi.credentials';
import { MediaAnalysisAdSegments } from '../../../nodes/MediaAnalysisAdSegments/MediaAnalysisAdSegments.node';
import { MediaAnalysisDatasets } from '../../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { MediaAnalysisIngestion } from '../../../nodes/MediaAnalysisIngestion/MediaAnalysisIngestion.node';
import { MediaAnalysisIngestionTrigger } from '../../../nodes/MediaAnalysisIngestionTrigger/MediaAnalysisIngestionTrigger.node';
import { RETRY } from '../../../nodes/shared/transport';
import { ANSWER_LIMITS } from '../../../nodes/shared/http/answers';
import { RECOVERY } from '../../../nodes/shared/transport/request';
import { TYPES as NODE_TYPES, visibleText } from '../../nodes/setup';
import { useHostileBed, useLimits } from './bed';
import { gzipBomb, gzipped, json, raw, startHostile, type HostileServer } from './server';
import { byId } from '../../support/locators';

const PERSONAL = 'hostile-personal-token-7Qm2Xw9LpZ';
const CLIENT_ID = 'hostile-client-id-3Rt8Kd';
const CLIENT_SECRET = 'hostile-client-secret-5Yu1Vb6N';
const ACCESS = 'hostile-access-token-Jx4Ns8Wq2Lc6';
const DATASET = '3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c';
const JOB = '65f0a1b2c3d4e5f6a7b8c9d0';

const TYPES = { ...NODE_TYPES, credentialTest: 'n8n-nodes-media-analysis-test.credentialTest' };

/**
 * n8n's credential test, as its CLI runs it (CredentialsTester): a throwaway declarative node whose one property
 * routes the credential's `test.request`, executed by n8n-core's RoutingNode with the credential attached.
 */
const credentialTestNode: INodeType = {
	description: {
		displayName: 'Credential Test',
		name: 'credentialTest',
		group: ['transform'],
		version: 1,
		description: 'Runs the credential test request',
		defaults: { name: 'Temp-Node' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: [
			{
				displayName: 'Temp',
				name: 'temp',
				type: 'string',
				default: '',
				routing: { request: new MediaAnalysisApi().test.request },
			},
		],
	},
};

const { harness, api, useCredential } = useHostileBed({
	nodes: {
		datasets: new MediaAnalysisDatasets(),
		ingestion: new MediaAnalysisIngestion(),
		adSegments: new MediaAnalysisAdSegments(),
		trigger: new MediaAnalysisIngestionTrigger(),
		[TYPES.credentialTest]: credentialTestNode,
	},
	access: ACCESS,
	personalToken: PERSONAL,
});
// Short waits, and bounds that a busy machine still meets; the tests of the bounds shorten them. The defaults
// are checked in the last test.
const saved = useLimits(RETRY, { baseDelayMs: 50, attemptTimeoutMs: 5000, requestTimeoutMs: 15_000 });
const savedLogin = useLimits(LOGIN_LIMITS, { timeoutMs: 5000 });
// How a throttled login is told apart is checked here, its back-off (1 s, then 2 s) in login-throttle.test.ts.
const savedThrottle = useLimits(LOGIN_LIMITS.throttle, { firstBackOffMs: 20 });
const savedRecovery = useLimits(RECOVERY, { windowMs: 400, firstGapMs: 100 });
const savedAnswerLimits = useLimits(ANSWER_LIMITS);

/** Another origin: nothing may ever reach it. */
let elsewhere: HostileServer;
beforeEach(async () => {
	elsewhere = await startHostile('elsewhere-access-token');
	elsewhere.handle = (_req, res) => json(res, 200, { id: DATASET, name: 'served by another host' });
});
afterEach(() => elsewhere.close());

function useSystemCredentials() {
	harness.credentials.set('mediaAnalysisApi', {
		baseUrl: api.url,
		authentication: 'systemCredentials',
		clientId: CLIENT_ID,
		clientSecret: CLIENT_SECRET,
	});
}

const getDataset = (continueOnFail = false) =>
	harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'get', datasetId: byId(DATASET) },
		continueOnFail,
	});
const createDataset = () =>
	harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'create', name: 'hostile_one', encoderName: 'resnet-50' },
	});
const ingestImage = (extra: IDataObject = {}) =>
	harness.runNode({
		type: TYPES.ingestion,
		parameters: {
			resource: 'job',
			operation: 'createFromImages',
			existingAssets: 'ingest',
			datasetId: byId(DATASET),
			images: { image: [{ sourcePath: 'https://cdn.example.com/hostile.jpg' }] },
			...extra,
		},
	});
const searchDatasets = () => harness.runListSearch({ type: TYPES.datasets, method: 'searchDatasets' });
const apiCalls = () => api.seen.filter((seen) => seen.path !== '/api/v0/login');
const timed = async <T>(work: () => Promise<T>) => {
	const started = Date.now();
	const result = await work();
	return { ...result, ms: Date.now() - started };
};
const redirectTo = (status: number, location?: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
	res.writeHead(status, location === undefined ? {} : { location });
	res.end();
};

describe('1. redirects: no credential leaves the Base URL origin', () => {
	test.each([301, 302, 307, 308])(
		'an API answer %i to another host reaches nothing there; the error names both hosts',
		async (status) => {
			api.handle = redirectTo(status, `${elsewhere.url}/collect`);
			const { error, items } = await getDataset();
			expect(elsewhere.seen).toEqual([]);
			expect(items).toEqual([]);
			expect(error?.message).toBe(
				`GET /api/v1/datasets/${DATASET} was redirected from ${api.host} to ${elsewhere.host}; n8n did not follow it`,
			);
			expect(error?.description).toMatch(/would have sent your Media Analysis credential to another host/);
		},
	);

	test('a POST answered 307 to another host is not sent there either', async () => {
		api.handle = redirectTo(307, `${elsewhere.url}/api/v1/datasets`);
		const { error } = await createDataset();
		expect(elsewhere.seen).toEqual([]);
		expect(error?.message).toBe(
			`POST /api/v1/datasets was redirected from ${api.host} to ${elsewhere.host}; n8n did not follow it`,
		);
	});

	test('a login answered 307 to another host: the personal token goes nowhere else', async () => {
		api.login = redirectTo(307, `${elsewhere.url}/api/v0/login`);
		const { error } = await getDataset();
		expect(elsewhere.seen).toEqual([]);
		expect(error?.message).toBe(
			`The login (POST /api/v0/login) was redirected from ${api.host} to ${elsewhere.host}; n8n did not follow it`,
		);
		expect(visibleText(error, harness.logs)).not.toContain(PERSONAL);
	});

	test('a login answered 307 within the Base URL origin is followed', async () => {
		const login = api.login;
		api.login = redirectTo(307, '/api/v0/login/');
		api.handle = (req, res, seen) =>
			seen.path === '/api/v0/login/'
				? login(req, res, seen)
				: json(res, 200, { id: DATASET, name: 'after_moved_login' });
		const { error, items } = await getDataset();
		expect(error).toBeUndefined();
		expect(items[0].json.name).toBe('after_moved_login');
		expect(api.seen.find((seen) => seen.path === '/api/v0/login/')?.headers.authorization).toBe(`Bearer ${PERSONAL}`);
	});

	test('a system-credentials login answered 302 to another host: the client secret goes nowhere else', async () => {
		useSystemCredentials();
		api.login = redirectTo(302, `${elsewhere.url}/api/v0/login`);
		const { error } = await getDataset();
		expect(elsewhere.seen).toEqual([]);
		expect(error?.message).toMatch(new RegExp(`redirected from ${api.host} to ${elsewhere.host}`));
	});

	test('the credential test answered 302 to another host reaches nothing there, and says why it failed', async () => {
		api.handle = redirectTo(302, `${elsewhere.url}/api/v1/encoders`);
		const { error } = await harness.runNode({ type: TYPES.credentialTest });
		expect(elsewhere.seen).toEqual([]);
		expect(apiCalls().map((seen) => seen.path)).toEqual(['/api/v1/encoders']);
		// What n8n's CredentialsTester does with a failed test: the first rule matching the status is the message.
		const { httpCode } = (error ?? {}) as { httpCode?: string };
		const status = Number(httpCode);
		expect(status).toBe(302);
		const rule = new MediaAnalysisApi().test.rules?.find(
			(candidate) => candidate.type === 'responseCode' && candidate.properties.value === status,
		);
		expect(rule?.properties.message).toMatch(/redirect \(302\), which n8n does not follow with your credential/);
	});

	test('a list search answered 302 to another host reaches nothing there', async () => {
		api.handle = redirectTo(302, `${elsewhere.url}/api/v1/datasets`);
		await expect(searchDatasets()).rejects.toThrow(`redirected from ${api.host} to ${elsewhere.host}`);
		expect(elsewhere.seen).toEqual([]);
	});

	test('a redirect within the Base URL origin is followed, with the credential', async () => {
		api.handle = (req, res, seen) => {
			if (seen.path.endsWith('/')) json(res, 200, { id: DATASET, name: 'moved_here' });
			else redirectTo(307, `${seen.path}/`)(req, res);
		};
		const { error, items } = await getDataset();
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.name)).toEqual(['moved_here']);
		expect(apiCalls().every((seen) => seen.headers.authorization === `Bearer ${ACCESS}`)).toBe(true);
	});

	test('a redirect loop, a file: Location and a 302 without Location each get a precise message', async () => {
		api.handle = (req, res, seen) => redirectTo(302, seen.path)(req, res);
		expect((await getDataset()).error?.message).toMatch(
			new RegExp(
				`^GET /api/v1/datasets/${DATASET} was redirected in a loop on ${api.host}; n8n stopped after [12] redirects$`,
			),
		);
		api.handle = redirectTo(302, 'file:///etc/passwd');
		expect((await getDataset()).error?.message).toBe(
			`The Media Analysis Service answered GET /api/v1/datasets/${DATASET} with a redirect to a file: address, which n8n does not follow`,
		);
		api.handle = redirectTo(302);
		expect((await getDataset()).error?.message).toBe(
			`The Media Analysis Service answered GET /api/v1/datasets/${DATASET} with a 302 redirect that does not say where to (no Location header)`,
		);
	});
});

describe('2. every wait is bounded', () => {
	const shortBounds = () => Object.assign(RETRY, { attemptTimeoutMs: 400, requestTimeoutMs: 1500 });

	test('a server that never answers: each attempt ends on time, and the request with its retries too', async () => {
		shortBounds();
		api.handle = () => undefined;
		const { error, ms } = await timed(getDataset);
		// The last attempt is bounded by what is left of the request's 1.5 s, so on a loaded machine its bound (the one
		// the message names) can be less than an attempt's 0.4 s, never more.
		const bound = /^The Media Analysis Service at (\S+) did not answer within (\d+(?:\.\d+)?) seconds$/.exec(
			error?.message ?? '',
		);
		expect({ message: error?.message, host: bound?.[1] }).toEqual({ message: error?.message, host: api.host });
		expect(Number(bound?.[2])).toBeGreaterThan(0);
		expect(Number(bound?.[2])).toBeLessThanOrEqual(0.4);
		expect(apiCalls().length).toBeGreaterThanOrEqual(2);
		expect(ms).toBeLessThan(RETRY.requestTimeoutMs + 1500);
	}, 15_000);

	test('an answer trickled a byte at a time is bounded in real time, not only between bytes', async () => {
		shortBounds();
		api.handle = (_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.write('{"id":');
			api.every(50, () => res.write(' '));
		};
		const { error, ms } = await timed(getDataset);
		expect(error?.message).toBe(`The Media Analysis Service at ${api.host} did not answer within 0.4 seconds`);
		expect(ms).toBeLessThan(RETRY.requestTimeoutMs + 1500);
	}, 15_000);

	test('an attempt that runs out of time closes its connection, even while the headers still trickle in', async () => {
		shortBounds();
		// n8n hands each request the execution's cancel signal in place of its own: only when the attempt's deadline is
		// part of that signal does the connection close at the bound (trickled bytes keep n8n's idle timer from firing).
		const sockets: Array<{ arrived: number; closed?: number }> = [];
		api.handle = (_req, res, seen) => {
			const socket = res.socket!;
			const entry: { arrived: number; closed?: number } = { arrived: seen.at };
			sockets.push(entry);
			socket.on('close', () => (entry.closed = Date.now()));
			socket.write('HTTP/1.1 200 OK\r\nx-slow: ');
			api.every(50, () => {
				if (!socket.destroyed) socket.write('a');
			});
		};
		const { error } = await getDataset();
		expect(error?.message).toMatch(
			new RegExp(`^The Media Analysis Service at ${api.host} did not answer within 0?\\.\\d+ seconds$`),
		);
		await sleep(300);
		expect(sockets.length).toBeGreaterThanOrEqual(2);
		// Each connection closed within its attempt's 0.4 s (and some slack), not when the server gave up.
		const open = sockets.map(({ arrived, closed }) => (closed === undefined ? 'still open' : closed - arrived));
		for (const ms of open) expect(ms).toBeLessThan(400 + 600);
	}, 15_000);

	test('a login that never answers is bounded', async () => {
		LOGIN_LIMITS.timeoutMs = 400;
		api.login = () => undefined;
		const { error, ms } = await timed(getDataset);
		expect(error?.message).toBe(
			`The Media Analysis Service at ${api.host} did not answer the login within 0.4 seconds`,
		);
		expect(ms).toBeLessThan(3000);
		expect(apiCalls()).toEqual([]);
	}, 15_000);

	test("Wait for Completion's Timeout is a hard bound when status reads meet 503 with a long Retry-After", async () => {
		api.handle = (_req, res, seen) => {
			if (seen.method === 'POST')
				json(res, 200, { id: JOB, status: 'pending', dataset_id: DATASET, details: { assets: [] } });
			else json(res, 503, { detail: 'busy' }, { 'retry-after': '3' });
		};
		const { error, ms } = await timed(() =>
			ingestImage({ waitForCompletion: true, pollInterval: 0.1, waitTimeout: 1 }),
		);
		expect(error).toBeDefined();
		// The Timeout (1 s) plus one attempt at most; without the bound it took 5 attempts 3 s apart.
		expect(ms).toBeLessThan(1000 + 2000);
	}, 20_000);

	test('the recovery path of a lost create honours the same Retry-After cap as every other path', async () => {
		api.handle = (_req, res, seen) => {
			if (seen.method === 'POST') json(res, 503, { detail: 'overloaded' }, { 'retry-after': '86400' });
			else json(res, 200, { jobs: [] });
		};
		const { error, ms } = await timed(() => ingestImage());
		expect(error?.message).toBe(
			'No answer came back for POST /api/v1/ingestion/images; it may or may not have been carried out',
		);
		expect(error?.description).toMatch(/was not listed on the service within 0.4 s/);
		expect(apiCalls().filter((call) => call.method === 'POST')).toHaveLength(1);
		expect(ms).toBeLessThan(3000);
	}, 20_000);

	test.each(['-5', '', '0x0'])('Retry-After "%s" means the normal back-off, not zero', async (retryAfter) => {
		RETRY.baseDelayMs = 300;
		let failures = 1;
		api.handle = (_req, res) => {
			if (failures-- > 0) json(res, 503, { detail: 'busy' }, { 'retry-after': retryAfter });
			else json(res, 200, { id: DATASET, name: 'after_back_off' });
		};
		const { error, items } = await getDataset();
		expect(error).toBeUndefined();
		expect(items[0].json.name).toBe('after_back_off');
		const [first, second] = apiCalls();
		expect(second.at - first.at).toBeGreaterThanOrEqual(280);
	});
});

describe('3. an answer that is not what the document says is one clear error', () => {
	const path = `GET /api/v1/datasets/${DATASET}`;

	test.each([
		[
			'an HTML page',
			'text/html; charset=utf-8',
			'<!doctype html><html><body>Sign in</body></html>',
			`something that is not JSON (text/html: "<!doctype html><html><body>Sign in</body></html>")`,
		],
		[
			'truncated JSON',
			'application/json',
			'{"id": "3f1c2a4e',
			'something that is not JSON (application/json: "{"id": "3f1c2a4e")',
		],
		['an empty body', 'application/json', '', 'an empty body (status 200)'],
	])('%s with status 200', async (_label, contentType, body, came) => {
		api.handle = (_req, res) => raw(res, 200, body, contentType);
		const { error, items } = await getDataset();
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`The Media Analysis Service answered ${path} with ${came} where a JSON object was expected`,
		);
	});

	test.each([
		['null', 'null'],
		['42', 'a number'],
		['[1,2]', 'an array'],
	])(
		'JSON %s where an object is expected: an error item under Continue On Fail, never a TypeError',
		async (body, kind) => {
			api.handle = (_req, res) => raw(res, 200, body, 'application/json');
			const { items } = await getDataset(true);
			expect(items).toHaveLength(1);
			expect(String(items[0].json.error)).toMatch(
				new RegExp(`^The Media Analysis Service answered ${path} with ${kind} \\(`),
			);
			expect(harness.logs.join('\n')).not.toMatch(/TypeError|Cannot read properties/);
		},
	);

	test('a DELETE may answer nothing; a DELETE answered null is an error, never a TypeError', async () => {
		const deleteSegments = () =>
			harness.runNode({
				type: TYPES.adSegments,
				parameters: { resource: 'adSegment', operation: 'delete', datasetId: byId(DATASET), assetIdentifier: 'EP-1' },
			});
		api.handle = (_req, res) => {
			res.writeHead(204);
			res.end();
		};
		const empty = await deleteSegments();
		expect(empty.error).toBeUndefined();
		expect(empty.items[0].json).toMatchObject({ deleted: true });
		api.handle = (_req, res) => raw(res, 200, 'null', 'application/json');
		const answeredNull = await deleteSegments();
		expect(answeredNull.error?.message).toMatch(
			/^The Media Analysis Service answered DELETE \/api\/v1\/datasets\/.* with null \(/,
		);
	});

	test('a create answered without an id never polls /ingestion/jobs/undefined', async () => {
		api.handle = (_req, res, seen) => {
			if (seen.method === 'POST') json(res, 200, { status: 'pending', dataset_id: DATASET });
			else json(res, 404, { detail: 'Not Found' });
		};
		const { error } = await ingestImage({ waitForCompletion: true, pollInterval: 0.1, waitTimeout: 5 });
		expect(apiCalls().filter((seen) => seen.path.includes('undefined'))).toEqual([]);
		// The transport refuses the path; an operation that checks the id itself first may say so in its own words.
		expect(error?.message).toMatch(
			/was not sent: "undefined" cannot stand where an identifier belongs|without an? (job )?id/i,
		);
	});

	/** Starts a JSON answer and closes the connection halfway, with or without a length (a reset was always retried). */
	const cutOff = (res: import('node:http').ServerResponse, status: number, how: string) => {
		res.writeHead(status, {
			'content-type': 'application/json',
			...(how === 'chunked close' ? {} : { 'content-length': 500 }),
		});
		res.write('{"id": "3f1c');
		res.socket?.end();
	};

	test.each(['close', 'chunked close'])(
		'a GET whose body is cut off mid-stream (%s) is retried like a dropped connection',
		async (how) => {
			let cuts = 1;
			api.handle = (_req, res) => {
				if (cuts-- > 0) cutOff(res, 200, how);
				else json(res, 200, { id: DATASET, name: 'whole_answer' });
			};
			const { error, items } = await getDataset();
			expect(error).toBeUndefined();
			expect(items[0].json.name).toBe('whole_answer');
			expect(apiCalls()).toHaveLength(2);
		},
	);

	test.each(['close', 'chunked close'])(
		'a POST answered 201 and then cut off (%s) is reported as maybe carried out, not sent again',
		async (how) => {
			api.handle = (_req, res) => cutOff(res, 201, how);
			const { error } = await createDataset();
			expect(error?.message).toBe(
				'No answer came back for POST /api/v1/datasets; it may or may not have been carried out',
			);
			expect(apiCalls().filter((seen) => seen.method === 'POST')).toHaveLength(1);
		},
	);

	test.each(['manual', 'trigger'] as const)(
		'a trigger poll (%s mode) answered with an HTML page fails clearly, not as "nothing new" or a sample',
		async (mode) => {
			api.handle = (_req, res) => raw(res, 200, '<html>maintenance</html>', 'text/html');
			await expect(
				harness.runPoll({
					type: TYPES.trigger,
					mode,
					parameters: { events: ['assetCompleted'], datasetId: byId(DATASET) },
				}),
			).rejects.toThrow('with something that is not JSON (text/html: "<html>maintenance</html>")');
		},
	);

	test('a list search answered with an HTML page', async () => {
		api.handle = (_req, res) => raw(res, 200, '<html>maintenance</html>', 'text/html');
		await expect(searchDatasets()).rejects.toThrow(
			'answered GET /api/v1/datasets with something that is not JSON (text/html: "<html>maintenance</html>")',
		);
	});
});

describe('7. secrets the service echoes are scrubbed from everything an error carries', () => {
	const echo = `Authorization: Bearer ${ACCESS} (personal token ${PERSONAL})`;
	test.each([
		[400, { detail: echo }],
		[403, { detail: echo }],
		[404, { detail: echo }],
		[422, { detail: [{ loc: ['header', 'authorization'], msg: echo, type: 'value_error' }] }],
	])('a %i quoting the Authorization header and the personal token', async (status, body) => {
		api.handle = (_req, res) => json(res, status, body);
		const { error } = await getDataset();
		expect(error?.message).toContain('[redacted]');
		const seen = visibleText(error, harness.logs);
		expect(seen).not.toContain(ACCESS);
		expect(seen).not.toContain(PERSONAL);
	});

	test('system credentials: the Basic header, the client ID and the client secret are scrubbed', async () => {
		useSystemCredentials();
		const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
		api.handle = (_req, res) =>
			json(res, 400, { detail: `sent Basic ${basic} for ${CLIENT_ID}/${CLIENT_SECRET}, token ${ACCESS}` });
		const { error } = await getDataset();
		const seen = visibleText(error, harness.logs);
		for (const secret of [basic, CLIENT_ID, CLIENT_SECRET, ACCESS]) expect(seen).not.toContain(secret);
	});

	test('a login answered with a page that quotes the personal token where the error cuts it', async () => {
		// The error shows the first 80 characters of the page: the token starts at 70, so a cut would keep 10 of it.
		api.login = (_req, res) => raw(res, 200, `${'x'.repeat(70)}${PERSONAL} is not allowed`, 'text/html');
		const { error } = await getDataset();
		expect(error?.message).toMatch(/^The Media Analysis Service answered the login with something that is not JSON/);
		expect(error?.message).toContain('[redacted]');
		expect(visibleText(error, harness.logs)).not.toContain(PERSONAL.slice(0, 10));
	});
});

describe('8. small ones', () => {
	test.each(['..', '.'])(
		'a video identifier "%s" is refused before anything is sent (it would change the path)',
		async (identifier) => {
			const { error } = await harness.runNode({
				type: TYPES.adSegments,
				parameters: {
					resource: 'adSegment',
					operation: 'delete',
					datasetId: byId(DATASET),
					assetIdentifier: identifier,
				},
			});
			expect(error?.message).toBe(
				`DELETE /api/v1/datasets/${DATASET}/videos/external-identifier/${identifier}/ad-segments was not sent: "${identifier}" cannot stand where an identifier belongs in the path`,
			);
			expect(apiCalls()).toEqual([]);
		},
	);

	test('a login answered 429 says the service is limiting logins, not "check the credential settings"', async () => {
		api.login = (_req, res) => json(res, 429, { detail: 'slow down' });
		const { error } = await getDataset();
		expect(error?.message).toBe(`The Media Analysis Service at ${api.host} is limiting how fast logins can be made`);
		expect(error?.description).not.toMatch(/credential settings/);
	});

	test('a login the service could not serve is tried again, even for a POST (the POST itself was never sent)', async () => {
		let busy = 1;
		const login = api.login;
		api.login = (req, res, seen) => (busy-- > 0 ? json(res, 503, { detail: 'login busy' }) : login(req, res, seen));
		api.handle = (_req, res) => json(res, 201, { id: DATASET, name: 'hostile_one' });
		const { error, items } = await harness.runNode({
			type: TYPES.datasets,
			parameters: { resource: 'dataset', operation: 'create', name: 'hostile_one', encoderName: 'resnet-50' },
		});
		expect(error).toBeUndefined();
		expect(items[0]?.json.id).toBe(DATASET);
		expect(api.seen.filter((seen) => seen.path === '/api/v0/login')).toHaveLength(2);
		expect(apiCalls().filter((seen) => seen.method === 'POST')).toHaveLength(1);
	});

	test('a 1 MB error detail is cut to a readable length', async () => {
		api.handle = (_req, res) => json(res, 400, { detail: 'x'.repeat(1_000_000) });
		const { error } = await getDataset();
		expect(error?.message).toMatch(/^The Media Analysis Service rejected the request: x+… \(999500 more characters\)$/);
		expect(visibleText(error).length).toBeLessThan(20_000);
	});

	test('a 40 KB access token from the login is refused, not stored', async () => {
		api.login = (_req, res) =>
			json(res, 200, { access_token: 'a'.repeat(40_960), token_type: 'Bearer', expires_in: 3600 });
		const { error } = await getDataset();
		expect(error?.message).toBe(
			'The Media Analysis Service answered the login with an access token of 40960 characters, more than the 8192 a request header can carry; it was not stored',
		);
		expect(harness.credentials.get('mediaAnalysisApi')?.accessToken).toBe('');
		expect(apiCalls()).toEqual([]);
	});

	test('when looking up a lost create fails too, the create still reads "may or may not have been carried out"', async () => {
		api.handle = (_req, res, seen) => {
			if (seen.method === 'POST') json(res, 502, { detail: 'bad gateway' });
			else json(res, 500, { detail: 'lookup broke' });
		};
		const { error } = await ingestImage();
		expect(error?.message).toBe(
			'No answer came back for POST /api/v1/ingestion/images; it may or may not have been carried out',
		);
		expect(error?.description).toMatch(/Looking on the service for what it would have created failed too/);
	});

	test('the documented defaults', () => {
		expect(saved).toMatchObject({
			attempts: 5,
			maxDelayMs: 30_000,
			attemptTimeoutMs: 60_000,
			requestTimeoutMs: 180_000,
		});
		expect({ ...savedLogin, throttle: savedThrottle }).toEqual({
			timeoutMs: 30_000,
			maxTokenLength: 8192,
			shareMs: 30_000,
			maxShared: 100,
			throttle: {
				firstBackOffMs: 1000,
				inARow: 3,
				restMs: 60_000,
				longestMs: 300_000,
				waitedMs: 30_000,
				waitInsideMs: 1000,
				memoryMs: 60_000,
			},
		});
		expect(savedRecovery).toEqual({ windowMs: 30_000, firstGapMs: 1000 });
		expect(savedAnswerLimits).toEqual({
			apiBytes: 64 * 1024 * 1024,
			errorBytes: 1024 * 1024,
			loginBytes: 1024 * 1024,
			maxDepth: 128,
			runBytes: 128 * 1024 * 1024,
		});
	});
});

describe('9. a create whose answer was lost is looked for, never sent blindly: one job per item', () => {
	const SOURCE = 'https://cdn.example.com/hostile.jpg';
	/** A service that makes the job `lagMs` after each POST and lists it from then on, behind a gateway answering 504. */
	const laggingService = (lagMs: number, answers: Array<'504' | 'ok'>) => {
		const made: IDataObject[] = [];
		const listedFrom: number[] = [];
		api.handle = (_req, res, seen) => {
			if (seen.method === 'POST') {
				const job = {
					id: `65f0a1b2c3d4e5f6a7b8c9d${made.length}`,
					status: 'pending',
					dataset_id: DATASET,
					created_dt: new Date().toISOString(),
					details: { assets: [{ asset: { source_path: SOURCE } }] },
				};
				made.push(job);
				listedFrom.push(Date.now() + lagMs);
				if ((answers.shift() ?? 'ok') === '504') json(res, 504, { detail: 'gateway timeout' });
				else json(res, 200, job);
			} else {
				json(res, 200, { jobs: made.filter((_job, i) => listedFrom[i] <= Date.now()) });
			}
		};
		return made;
	};
	const posts = () => apiCalls().filter((seen) => seen.method === 'POST');

	test('a 504 while the service lists the job 0.5 s later: the job is found, one job, one POST', async () => {
		Object.assign(RECOVERY, { windowMs: 2000, firstGapMs: 100 });
		const made = laggingService(500, ['504']);
		const { error, items } = await ingestImage();
		expect(error).toBeUndefined();
		expect(made).toHaveLength(1);
		expect(posts()).toHaveLength(1);
		expect(items[0].json.ingest_job_id).toBe(made[0].id);
		expect(apiCalls().filter((seen) => seen.method === 'GET').length).toBeGreaterThanOrEqual(2);
	}, 20_000);

	test('listed later than the window: sent once more; a second lost answer is not gambled on (never a third POST)', async () => {
		const made = laggingService(60_000, ['504', '504', '504']);
		const { error } = await ingestImage();
		expect(posts()).toHaveLength(2);
		expect(made).toHaveLength(2);
		expect(error?.message).toBe(
			'No answer came back for POST /api/v1/ingestion/images; it may or may not have been carried out',
		);
		expect(error?.description).toMatch(/was not listed on the service within 0.4 s; it may still appear/);
		expect(error?.description).toMatch(/running it now could do it twice/);
	}, 20_000);

	test('a create the service never made (a reset before it arrived) is sent once more after the window, and succeeds', async () => {
		let dropped = 1;
		const made: IDataObject[] = [];
		api.handle = (req, res, seen) => {
			if (seen.method === 'POST' && dropped-- > 0) return void req.socket.destroy();
			if (seen.method === 'POST') {
				const job = {
					id: JOB,
					status: 'pending',
					dataset_id: DATASET,
					created_dt: new Date().toISOString(),
					details: { assets: [{ asset: { source_path: SOURCE } }] },
				};
				made.push(job);
				return json(res, 200, job);
			}
			json(res, 200, { jobs: made });
		};
		const { error, items } = await ingestImage();
		expect(error).toBeUndefined();
		expect(made).toHaveLength(1);
		expect(items[0].json.ingest_job_id).toBe(JOB);
		expect(posts()).toHaveLength(2);
	}, 20_000);

	test('a create the endpoint table gives no lookup (Create From Bucket) is never repeated after a 504', async () => {
		api.handle = (_req, res) => json(res, 504, { detail: 'gateway timeout' });
		const { error } = await harness.runNode({
			type: TYPES.ingestion,
			parameters: { resource: 'job', operation: 'createFromBucket', datasetId: byId(DATASET), bucketPath: 's3://b/p/' },
		});
		expect(posts()).toHaveLength(1);
		expect(error?.message).toBe(
			'No answer came back for POST /api/v1/ingestion/buckets; it may or may not have been carried out',
		);
	});

	test('Dataset Create after 504s everywhere: its lookup by name fails too, so "may or may not", one POST', async () => {
		api.handle = (_req, res) => json(res, 504, { detail: 'gateway timeout' });
		const { error } = await createDataset();
		expect(posts()).toHaveLength(1);
		expect(error?.message).toBe(
			'No answer came back for POST /api/v1/datasets; it may or may not have been carried out',
		);
		expect(error?.description).toMatch(/Looking on the service for what it would have created failed too/);
		expect(apiCalls().filter((seen) => seen.method === 'GET' && seen.path.startsWith('/api/v1/datasets?'))).not.toEqual(
			[],
		);
	});
});

describe('10. no answer can exhaust memory: bytes after decompression, and nesting, are bounded', () => {
	test('a gzip answer that unpacks past the cap is refused with the cap named, and not retried', async () => {
		ANSWER_LIMITS.apiBytes = 2 * 1024 * 1024;
		const bomb = gzipBomb(40);
		api.handle = (_req, res) => gzipped(res, 200, bomb);
		const { error, items } = await getDataset();
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`The Media Analysis Service answered GET /api/v1/datasets/${DATASET} with more than 2 MB; n8n stopped reading it`,
		);
		expect(apiCalls()).toHaveLength(1);
	});

	test('a plain answer that never ends is read only up to the cap: the download is ended', async () => {
		ANSWER_LIMITS.apiBytes = 1024 * 1024;
		let written = 0;
		let closedAfter = -1;
		api.handle = (_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.on('close', () => (closedAfter = written));
			const chunk = Buffer.alloc(64 * 1024, 0x20);
			const pump = () => {
				while (written < 200 * 1024 * 1024 && !res.destroyed) {
					written += chunk.length;
					if (!res.write(chunk)) return void res.once('drain', pump);
				}
			};
			res.write('[');
			pump();
		};
		const { error } = await getDataset();
		expect(error?.message).toMatch(/with more than 1 MB; n8n stopped reading it$/);
		await sleep(100);
		expect(closedAfter).toBeGreaterThan(0);
		expect(closedAfter).toBeLessThan(50 * 1024 * 1024);
	});

	test('a small gzip answer is read as usual', async () => {
		api.handle = (_req, res) => gzipped(res, 200, JSON.stringify({ id: DATASET, name: 'zipped' }));
		const { error, items } = await getDataset();
		expect(error).toBeUndefined();
		expect(items[0].json.name).toBe('zipped');
	});

	test('an error answer that unpacks to gigabytes reads as its status, within the error cap', async () => {
		ANSWER_LIMITS.errorBytes = 64 * 1024;
		const bomb = gzipBomb(20);
		api.handle = (_req, res) => gzipped(res, 400, bomb);
		const { error } = await getDataset();
		expect(error?.message).toBe('The Media Analysis Service rejected the request: bad request');
	});

	test('a login answer that unpacks past its cap is refused; nothing else is sent', async () => {
		ANSWER_LIMITS.loginBytes = 256 * 1024;
		const bomb = gzipBomb(10);
		api.login = (_req, res) => gzipped(res, 200, bomb);
		const { error } = await getDataset();
		expect(error?.message).toBe(
			`The Media Analysis Service at ${api.host} answered the login with more than 0.25 MB; n8n stopped reading it`,
		);
		expect(apiCalls()).toEqual([]);
	});

	const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
	test.each([200_000, 129])('JSON nested %i levels deep is one clear error, never a stack overflow', async (levels) => {
		api.handle = (_req, res) => raw(res, 200, `{"id": ${deep(levels)}}`, 'application/json');
		const { items } = await getDataset(true);
		expect(String(items[0].json.error)).toBe(
			`The Media Analysis Service answered GET /api/v1/datasets/${DATASET} with JSON nested more than 128 levels deep where a JSON object was expected`,
		);
		expect(harness.logs.join('\n')).not.toMatch(/Maximum call stack/);
	});

	test('JSON nested 127 levels (brackets inside texts do not count) is read', async () => {
		api.handle = (_req, res) =>
			raw(res, 200, `{"id": "${DATASET}", "name": "[[[[{{{{", "deep": ${deep(126)}}`, 'application/json');
		const { error, items } = await getDataset();
		expect(error).toBeUndefined();
		expect(items[0].json.name).toBe('[[[[{{{{');
	});

	test('a deeply nested error answer and login answer are clear errors too', async () => {
		api.handle = (_req, res) => raw(res, 400, `{"detail": ${deep(100_000)}}`, 'application/json');
		expect((await getDataset()).error?.message).toBe('The Media Analysis Service rejected the request: bad request');
		api.login = (_req, res) => raw(res, 200, `{"access_token": ${deep(100_000)}}`, 'application/json');
		harness.credentials.set('mediaAnalysisApi', { ...harness.credentials.get('mediaAnalysisApi'), accessToken: '' });
		expect((await getDataset()).error?.message).toBe(
			'The Media Analysis Service answered the login with JSON nested more than 128 levels deep',
		);
	});
});

describe('11. no secret in a URL reaches a message', () => {
	test.each(['http://carol:s3cret-pa55word@', 'http://:s3cret-pa55word@'])(
		'a Base URL with a user name or password (%s…) is refused before anything is sent, and never printed',
		async (prefix) => {
			useCredential({ baseUrl: api.url.replace('http://', prefix) });
			for (const run of [getDataset, () => harness.runNode({ type: TYPES.credentialTest })]) {
				const { error } = await run();
				expect(error?.message).toBe(
					'The Base URL in the Media Analysis credential contains a user name or password; nothing was sent',
				);
				expect(visibleText(error, harness.logs)).not.toContain('s3cret-pa55word');
			}
			expect(api.seen).toEqual([]);
		},
	);

	test('a redirect whose path carries the access token: the message quotes it scrubbed', async () => {
		api.handle = redirectTo(302, `/api/v1/datasets/${ACCESS}`);
		const { error } = await createDataset();
		expect(error?.message).toMatch(/redirect, which n8n does not follow for a POST/);
		const seen = visibleText(error, harness.logs);
		expect(seen).toContain('[redacted]');
		expect(seen).not.toContain(ACCESS);
	});

	test('a login redirected to a path that carries the personal token (percent-encoded too): scrubbed', async () => {
		for (const location of [`/login/${PERSONAL}`, `/login/${encodeURIComponent(`${PERSONAL}/x`)}`]) {
			api.login = redirectTo(301, location);
			const { error } = await getDataset();
			expect(error?.message).toMatch(/redirect/);
			expect(visibleText(error, harness.logs)).not.toContain(PERSONAL);
		}
	});
});

describe('12. logins are bounded per execution', () => {
	const fiveItems = (parallelRequests = 5, count = 5) =>
		harness.runNode({
			type: TYPES.datasets,
			parameters: {
				resource: 'dataset',
				operation: 'get',
				datasetId: byId(DATASET),
				requestOptions: { parallelRequests },
			},
			inputItems: Array.from({ length: count }, () => ({})),
			continueOnFail: true,
		});
	const logins = () => api.seen.filter((seen) => seen.path === '/api/v0/login').length;

	// Items in flight when the refusal comes have each sent their request and its one retry; none starts after it.
	test.each([
		[1, 5, 2],
		[5, 5, 10],
		[5, 20, 10],
	])(
		'a service that refuses every token just obtained, %i request(s) in parallel, %i items: 2 logins, at most %i requests',
		async (parallel, count, requests) => {
			api.handle = (_req, res) => json(res, 401, { detail: 'Not authenticated' });
			const { items } = await fiveItems(parallel, count);
			expect(items).toHaveLength(count);
			for (const item of items)
				expect(item.json.error).toBe('The Media Analysis Service did not accept the access token');
			expect(logins()).toBe(2);
			expect(apiCalls().length).toBeLessThanOrEqual(requests);
			if (parallel === 1) expect(apiCalls()).toHaveLength(requests);
		},
	);

	test('a login refused outright: 5 items cost 1 login and no request', async () => {
		api.login = (_req, res) => json(res, 401, { detail: 'invalid token' });
		const { items } = await fiveItems();
		expect(items.map((item) => item.json.error)).toEqual(
			Array(5).fill(
				'The Media Analysis Service rejected the personal token: generate a new one in the Coactive app (app.coactive.ai → your name → Settings → Credentials)',
			),
		);
		expect(logins()).toBe(1);
		expect(apiCalls()).toEqual([]);
	});

	test('a refusal ends with its execution: the next run logs in again', async () => {
		const login = api.login;
		api.login = (_req, res) => json(res, 401, { detail: 'invalid token' });
		await fiveItems();
		api.login = login;
		api.handle = (_req, res) => json(res, 200, { id: DATASET, name: 'back' });
		const { items } = await fiveItems();
		expect(items.map((item) => item.json.name)).toEqual(Array(5).fill('back'));
	});
});

describe('13. names that objects inherit (constructor, __proto__) are plain names', () => {
	// n8n's engine copies item JSON by assignment, so an item cannot carry a "__proto__" field: it is missing, and
	// said so, rather than read from what every object inherits.
	test.each(['constructor', '__proto__', 'toString'])(
		'Metadata Fields "%s" on an item without it: the item is told, nothing is sent',
		async (name) => {
			const item = JSON.parse(`{"url": "https://cdn.example.com/b.jpg", "${name}": "campaign-7"}`) as IDataObject;
			const { error } = await harness.runNode({
				type: TYPES.ingestion,
				parameters: {
					resource: 'job',
					operation: 'createFromImages',
					existingAssets: 'ingest',
					datasetId: byId(DATASET),
					inputMode: 'itemFields',
					sourcePathField: 'url',
					metadataFields: name,
				},
				inputItems: [name === '__proto__' ? item : { url: 'https://cdn.example.com/a.jpg' }],
			});
			expect(error?.message).toBe(`Invalid Metadata Fields ("${name}") in item 0: the item has no field "${name}"`);
			expect(apiCalls()).toEqual([]);
		},
	);
});
