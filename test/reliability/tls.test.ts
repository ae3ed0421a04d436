/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions --
	Dev-only: a loopback HTTPS service with a throwaway self-signed certificate made at test time. */
/* Certificate failures (issue 30, item 10), through n8n's engine: named as such with the fix, and the credential's
 * "Ignore SSL Issues (Insecure)" applying to the Base URL's requests only (the login and the API), never to a
 * presigned download. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MediaAnalysisApi } from '../../credentials/MediaAnalysisApi.credentials';
import { MediaAnalysisDatasets } from '../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { MediaAnalysisQueries } from '../../nodes/MediaAnalysisQueries/MediaAnalysisQueries.node';
import { explainFailure } from '../../nodes/shared/transport/errors';
import { createCredentialTester } from '../credentials/credential-tester';
import { TYPES } from '../nodes/setup';
import { byId } from '../support/locators';
import { useHarness } from './hostile/bed';

const ACCESS = 'tls-access-token-Rf5Xc1';
const DATASET = '00000000-0000-4000-8000-000000000001';
const QUERY = '6b0e3c1a-2f4d-4e5a-9b8c-7d6e5f4a3b2c';

const harness = useHarness({ datasets: new MediaAnalysisDatasets(), queries: new MediaAnalysisQueries() });
let server: Server;
let url = '';
let seen: string[] = [];

beforeAll(async () => {
	// A throwaway self-signed certificate, made by the openssl CLI.
	const dir = mkdtempSync(join(tmpdir(), 'media-analysis-tls-'));
	execFileSync(
		'openssl',
		[
			'req',
			'-x509',
			'-newkey',
			'rsa:2048',
			'-nodes',
			'-days',
			'1',
			'-subj',
			'/CN=localhost',
			'-addext',
			'subjectAltName=IP:127.0.0.1',
			'-keyout',
			join(dir, 'key.pem'),
			'-out',
			join(dir, 'cert.pem'),
		],
		{ stdio: 'ignore' },
	);
	const key = readFileSync(join(dir, 'key.pem'));
	const cert = readFileSync(join(dir, 'cert.pem'));
	rmSync(dir, { recursive: true, force: true });
	server = createServer({ key, cert }, (req, res) => {
		seen.push(`${req.method} ${req.url}`);
		const send = (status: number, body: unknown) => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(body));
		};
		req.resume();
		req.on('end', () => {
			if (req.url === '/api/v0/login')
				return send(200, { access_token: ACCESS, token_type: 'Bearer', expires_in: 3600 });
			if (req.headers.authorization !== `Bearer ${ACCESS}` && !req.url?.startsWith('/bucket/'))
				return send(401, { detail: 'Not authenticated' });
			if (req.url?.split('?')[0] === `/api/v1/datasets/${DATASET}`)
				return send(200, { id: DATASET, name: 'a dataset' });
			if (req.url === '/api/v1/encoders') return send(200, { data: [] });
			if (req.url?.startsWith(`/api/v1/queries/${QUERY}/results`))
				return send(200, { query_id: QUERY, download_url: `${url}/bucket/results.csv?X-Signature=abc` });
			if (req.url?.startsWith('/bucket/')) {
				res.writeHead(200, { 'content-type': 'text/csv' });
				return res.end('a,b\n1,2\n');
			}
			send(404, { detail: 'Not Found' });
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
	seen = [];
	harness.credentials.set('mediaAnalysisApi', {
		baseUrl: url,
		authentication: 'personalToken',
		personalToken: 'tls-personal-token',
		accessToken: '',
	});
});

const host = () => new URL(url).host;
const getDataset = () =>
	harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'get', datasetId: byId(DATASET) },
	});
const setIgnore = (ignoreSSLIssues: boolean) =>
	harness.credentials.set('mediaAnalysisApi', { ...harness.credentials.get('mediaAnalysisApi'), ignoreSSLIssues });

test('the option is on the credential, off by default', () => {
	const option = new MediaAnalysisApi().properties.find((property) => property.name === 'ignoreSSLIssues');
	expect(option).toMatchObject({ displayName: 'Ignore SSL Issues (Insecure)', type: 'boolean', default: false });
});

test('a self-signed certificate without the option: the run says the certificate is self-signed and how to fix it', async () => {
	const { error } = await getDataset();
	expect(error?.message).toBe(
		`n8n did not trust the Media Analysis Service at ${host()}: its certificate is self-signed`,
	);
	expect(error?.description).toMatch(/turn on "Ignore SSL Issues \(Insecure\)" in the Media Analysis credential/);
	expect(seen).toEqual([]);
});

test('with the option on: the login and the API requests go through', async () => {
	setIgnore(true);
	const { error, items } = await getDataset();
	expect(error).toBeUndefined();
	expect(items[0].json).toMatchObject({ id: DATASET });
	expect(seen.map((line) => line.split('?')[0])).toEqual(['POST /api/v0/login', `GET /api/v1/datasets/${DATASET}`]);
});

test('an API request (not the login) that meets the certificate says so too', async () => {
	setIgnore(true);
	expect((await getDataset()).error).toBeUndefined();
	setIgnore(false); // the token is saved; the next request is the API's own
	const { error } = await getDataset();
	expect(error?.message).toBe(
		`n8n did not trust the Media Analysis Service at ${host()}: its certificate is self-signed`,
	);
	expect(error?.description).toMatch(/Ignore SSL Issues/);
});

test('the option never applies to a presigned download: a link to a self-signed host is still refused', async () => {
	setIgnore(true);
	const { error } = await harness.runNode({
		type: TYPES.queries,
		parameters: { resource: 'query', operation: 'getResults', queryId: byId(QUERY), output: 'rows', returnAll: true },
	});
	expect(seen).toContain(`GET /api/v1/queries/${QUERY}/results?url_format=direct`);
	// Refused by n8n before any request reached the host: the link's host is not trusted, whatever the credential says.
	expect(seen.some((line) => line.startsWith('GET /bucket/'))).toBe(false);
	expect(error?.message).toBe(
		`n8n did not trust ${host()} to download the query results: its certificate is self-signed`,
	);
	expect(error?.description).toMatch(/NODE_EXTRA_CA_CERTS/);
});

test('the Test button: the certificate named without the option, "Connection successful!" with it', async () => {
	const tester = createCredentialTester(new MediaAnalysisApi());
	tester.store.set('mediaAnalysisApi', {
		baseUrl: url,
		authentication: 'personalToken',
		personalToken: 'tls-personal-token',
	});
	expect(await tester.test()).toEqual({
		status: 'Error',
		message: `n8n did not trust the Media Analysis Service at ${host()}: its certificate is self-signed`,
	});
	expect(await tester.test({ ignoreSSLIssues: true })).toEqual({ status: 'OK', message: 'Connection successful!' });
	expect(seen).toContain('GET /api/v1/encoders');
});

test.each([
	['DEPTH_ZERO_SELF_SIGNED_CERT', 'its certificate is self-signed', /Ignore SSL Issues/],
	['SELF_SIGNED_CERT_IN_CHAIN', 'its certificate chain ends in a self-signed certificate', /NODE_EXTRA_CA_CERTS/],
	['CERT_HAS_EXPIRED', 'its certificate has expired', /must be renewed/],
	[
		'ERR_TLS_CERT_ALTNAME_INVALID',
		'its certificate is for another host name',
		/host name the service's certificate is issued for/,
	],
	['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'its certificate could not be verified', /trusted authority/],
])('%s reads as a certificate failure with its fix', (code, words, fix) => {
	const explained = explainFailure({ code }, { host: 'api.example.com', attempts: 1 });
	expect(explained.message).toBe(`n8n did not trust the Media Analysis Service at api.example.com: ${words}`);
	expect(explained.description).toMatch(fix);
	expect(explained.description).toMatch(/Ignore SSL Issues \(Insecure\)/);
});
