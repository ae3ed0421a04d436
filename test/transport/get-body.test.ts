/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeConnectionTypes, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeType } from 'n8n-workflow';

import { MediaAnalysisApi } from '../../credentials/MediaAnalysisApi.credentials';
import { apiRequest } from '../../nodes/shared/transport';
import { createHarness, type Harness } from '../harness/engine';

/* A GET with a JSON body must reach the service with its body (n8n's modern helpers drop it). */

interface Seen {
	method: string;
	path: string;
	rawQuery: string;
	body: string;
	authorization?: string;
}

const seen: Seen[] = [];
let logins = 0;
let answer: { status: number; body: unknown; retryAfter?: string }[] = [];
let server: Server;
let url: string;
let harness: Harness;

const readBody = (req: IncomingMessage) =>
	new Promise<string>((resolve) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
	});

const fixture: INodeType = {
	description: {
		displayName: 'GET Body Fixture',
		name: 'getBodyFixture',
		group: ['transform'],
		version: 1,
		description: 'Sends a GET with a JSON body through the shared transport',
		defaults: { name: 'GET Body Fixture' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: [{ displayName: 'Body', name: 'body', type: 'json', default: '{}' }],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const body = JSON.parse(this.getNodeParameter('body', 0) as string) as IDataObject;
		const json = await apiRequest.call(this, {
			method: 'GET',
			path: '/echo',
			qs: { status: ['ready', 'error'] },
			body,
			itemIndex: 0,
			resourceLabel: 'Echo',
		});
		return [[{ json, pairedItem: { item: 0 } }]];
	},
};
const TYPE = 'n8n-nodes-media-analysis.getBodyFixture';

beforeAll(async () => {
	server = createServer((req, res) => {
		void readBody(req).then((body) => {
			const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
				res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
				res.end(JSON.stringify(payload));
			};
			const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
			if (parsed.pathname === '/api/v0/login') {
				logins++;
				return send(200, { access_token: 'access-token', token_type: 'Bearer', expires_in: 3600 });
			}
			if (req.headers.authorization !== 'Bearer access-token') return send(401, { detail: 'Not authenticated' });
			seen.push({ method: req.method ?? '', path: parsed.pathname, rawQuery: parsed.search, body, authorization: req.headers.authorization });
			const next = answer.shift();
			if (next) return send(next.status, next.body, next.retryAfter ? { 'Retry-After': next.retryAfter } : {});
			return send(200, { received: body ? (JSON.parse(body) as unknown) : null });
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	harness = createHarness({ nodeTypes: { [TYPE]: fixture }, credentialTypes: [new MediaAnalysisApi()] });
});
afterAll(async () => {
	harness.dispose();
	await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
	seen.length = 0;
	logins = 0;
	answer = [];
	harness.credentials.set('mediaAnalysisApi', {
		baseUrl: url,
		authentication: 'personalToken',
		personalToken: 'personal-token',
		clientId: '',
		clientSecret: '',
		accessToken: '',
	});
});

const run = (body: IDataObject) => harness.runNode({ type: TYPE, parameters: { body: JSON.stringify(body) } });

test('the JSON body of a GET arrives over real HTTP, with the bearer token and repeated-key arrays', async () => {
	const { error, items } = await run({ image: 'aGVsbG8=' });
	expect(error).toBeUndefined();
	expect(seen).toHaveLength(1);
	expect(seen[0].method).toBe('GET');
	expect(JSON.parse(seen[0].body)).toEqual({ image: 'aGVsbG8=' });
	expect(seen[0].rawQuery).toBe('?status=ready&status=error');
	expect(items[0].json).toEqual({ received: { image: 'aGVsbG8=' } });
	expect(logins).toBe(1);
});

test('an error answer to a GET with a body is explained like any other', async () => {
	answer = [{ status: 404, body: { detail: 'Not Found' } }, { status: 404, body: { detail: 'Not Found' } }];
	const { error } = await run({ image: 'x' });
	expect(error?.message).toMatch(/Echo/);
	expect(error?.message).toMatch(/not found/i);
	expect(error?.context?.itemIndex).toBe(0);
});

test('a GET with a body answered 503 is retried with its body', async () => {
	answer = [{ status: 503, body: { detail: 'busy' }, retryAfter: '0' }, { status: 503, body: { detail: 'busy' }, retryAfter: '0' }];
	const { error, items } = await run({ image: 'retry-me' });
	expect(error).toBeUndefined();
	expect(items[0].json).toEqual({ received: { image: 'retry-me' } });
	expect(seen.every((request) => JSON.parse(request.body).image === 'retry-me')).toBe(true);
});

test('an expired access token is refreshed once and the GET is sent again with its body', async () => {
	harness.credentials.set('mediaAnalysisApi', {
		baseUrl: url,
		authentication: 'personalToken',
		personalToken: 'personal-token',
		clientId: '',
		clientSecret: '',
		accessToken: 'expired-token',
	});
	const { error, items } = await run({ image: 'after-refresh' });
	expect(error).toBeUndefined();
	expect(logins).toBe(1);
	expect(items[0].json).toEqual({ received: { image: 'after-refresh' } });
});

test('the legacy helper repeats a failed GET once after a fresh login: documented, read-only, bounded', async () => {
	answer = [{ status: 404, body: { detail: 'Not Found' } }, { status: 404, body: { detail: 'Not Found' } }];
	await run({ image: 'x' });
	expect(seen).toHaveLength(2);
	expect(logins).toBe(2);
});
