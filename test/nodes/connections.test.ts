/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only: the Connections node through n8n's engine against the sandbox over real HTTP. */
import type { IDataObject } from 'n8n-workflow';

import { bucketObjectKeys } from '../../sandbox/connections/bucket';
import {
	type ConnectionRecord,
	SEED_BUCKET,
	SEED_CONNECTION_IDS,
	SEED_CONNECTION_NAMES,
	SEED_HTTPS_PASSWORD,
} from '../../sandbox/connections/model';
import { apiClient } from '../sandbox/helpers';
import { TYPES, useTestBed, visibleText } from './setup';
import { byId, byName, fromList } from '../support/locators';

const bed = useTestBed();
const type = TYPES.connections;
const UNKNOWN_ID = '0f0e0d0c-0b0a-4908-8706-050403020100';

// Fake secrets typed into the node: long and distinctive so that any leak is found.
const PASSWORD = 'typed-conn-password-7Hq2Lx9Wv4Rt';
const BEARER = 'typed-bearer-token-3Kp8Zm1Yc6Nd';

const run = (parameters: Record<string, unknown>, inputItems?: IDataObject[], continueOnFail = false) =>
	bed.harness.runNode({ type, parameters: { resource: 'connection', ...parameters }, inputItems, continueOnFail });

const stored = (name: string) =>
	[...bed.sandbox.store.connections.records.values()].find((record) => record.name === name);

/** Everything a user or a log reader could see of a run. */
const seen = (result: { items: unknown; error?: unknown }) => visibleText(result.items, result.error, bed.harness.logs);

function addConnections(count: number) {
	const base = Date.parse('2026-03-01T00:00:00Z');
	for (let i = 0; i < count; i++) {
		const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
		const record: ConnectionRecord = {
			id,
			name: `bulk_${String(i).padStart(3, '0')}`,
			description: null,
			config:
				i % 2 === 0
					? { type: 'https_bearer', hostname: 'bulk.example.com', bearer_token: `bulk-token-${i}` }
					: {
							type: 'aws_iam_role',
							iam_role_arn: 'arn:aws:iam::123456789012:role/bulk',
							scope: 's3',
							bucket_name: null,
							session_ttl_seconds: 3600,
						},
			status: 'ready',
			lastError: null,
			createdAt: base + i * 1000,
			updatedAt: base + i * 1000,
			credentialsIssued: 0,
		};
		bed.sandbox.store.connections.records.set(id, record);
	}
}

describe('Connection: Create', () => {
	test("an AWS IAM role connection: every field sent in the service's shape, 201 answer output, pending until it settles", async () => {
		const { items, error } = await run({
			operation: 'create',
			name: 'product_bucket',
			type: 'aws_iam_role',
			iamRoleArn: 'arn:aws:iam::123456789012:role/media-reader',
			scope: 's3',
			bucketName: 'product-media',
			sessionTtlSeconds: 900,
			additionalFields: { description: 'Product shots' },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			name: 'product_bucket',
			description: 'Product shots',
			type: 'aws_iam_role',
			status: 'pending',
			config: {
				iam_role_arn: 'arn:aws:iam::123456789012:role/media-reader',
				scope: 's3',
				bucket_name: 'product-media',
				session_ttl_seconds: 900,
			},
		});
		const [sent] = bed.apiRequests();
		expect(sent).toMatchObject({ method: 'POST', path: '/api/v0/connections', status: 201 });
		expect(sent.body).toEqual({
			name: 'product_bucket',
			type: 'aws_iam_role',
			description: 'Product shots',
			config: {
				iam_role_arn: 'arn:aws:iam::123456789012:role/media-reader',
				scope: 's3',
				bucket_name: 'product-media',
				session_ttl_seconds: 900,
			},
		});

		bed.sandbox.clock.advance(bed.sandbox.store.connections.settleMs);
		const later = await run({ operation: 'get', connection: byName('product_bucket') });
		expect(later.items[0].json.status).toBe('ready');
	});

	test('HTTPS basic: the password is sent but never output, logged or shown, even when the service echoes it', async () => {
		bed.sandbox.store.connections.echoSecrets = true;
		const result = await run({
			operation: 'create',
			name: 'partner_host',
			type: 'https_basic',
			hostname: 'media.partner.example',
			username: 'reader',
			password: PASSWORD,
			additionalFields: { testLocation: '/incoming/' },
		});
		expect(result.error).toBeUndefined();
		expect(stored('partner_host')?.config).toEqual({
			type: 'https_basic',
			hostname: 'media.partner.example',
			username: 'reader',
			password: PASSWORD,
		});
		// With a test location the service tests at once.
		expect(result.items[0].json).toMatchObject({
			status: 'ready',
			config: { hostname: 'media.partner.example', username: 'reader', password: '[redacted]' },
		});
		expect(seen(result)).not.toContain(PASSWORD);
		// The sandbox's own log masks it too.
		expect(JSON.stringify(bed.sandbox.requests)).not.toContain(PASSWORD);

		const listed = await run({ operation: 'getMany', returnAll: true });
		expect(listed.items.map((i) => i.json.name)).toContain('partner_host');
		expect(seen(listed)).not.toContain(PASSWORD);
		expect(seen(listed)).not.toContain(SEED_HTTPS_PASSWORD);
	});

	test('HTTPS bearer: a 422 that quotes the token is scrubbed before anyone sees it', async () => {
		const token = `${BEARER} with-space`;
		// The sandbox answers like a careless service: its message quotes the token.
		const api = await apiClient(bed.sandbox);
		const raw = await api.post('/api/v0/connections', {
			name: 'raw_probe',
			type: 'https_bearer',
			config: { hostname: 'h.example', bearer_token: token },
		});
		expect(raw.status).toBe(422);
		expect(raw.text).toContain(token);

		const result = await run({
			operation: 'create',
			name: 'bearer_host',
			type: 'https_bearer',
			hostname: 'h.example',
			bearerToken: token,
		});
		expect(result.error?.message).toMatch(
			/^The Media Analysis Service rejected the request as invalid: config\.bearer_token: Value error, bearer token '\[redacted\]'/,
		);
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('422');
		expect(seen(result)).not.toContain(BEARER);
	});

	test('a test location that fails gives an error status; a taken name is a clear 409', async () => {
		const broken = await run({
			operation: 'create',
			name: 'flaky_bucket',
			type: 'aws_iam_role',
			iamRoleArn: 'arn:aws:iam::123456789012:role/r',
			additionalFields: { testLocation: 'broken/path' },
		});
		expect(broken.items[0].json.status).toBe('error');
		const taken = await run({
			operation: 'create',
			name: SEED_CONNECTION_NAMES.s3,
			type: 'aws_iam_role',
			iamRoleArn: 'arn:aws:iam::123456789012:role/r',
		});
		expect(taken.error?.message).toBe(
			`The Media Analysis Service answered with status 409: A connection named '${SEED_CONNECTION_NAMES.s3}' already exists`,
		);
	});

	test.each([
		['ab', 'Invalid Name in item 0: "ab" is shorter than 3 characters'],
		[
			'Product Bucket',
			'Invalid Name in item 0: "Product Bucket" has characters other than lowercase letters, digits and underscores',
		],
		['x'.repeat(256), 'Invalid Name in item 0: it is longer than 255 characters (256)'],
		['={{ "" }}', 'Invalid Name in item 0: it is empty'],
	])('name %j is refused before any request', async (name, message) => {
		const { error } = await run({
			operation: 'create',
			name,
			type: 'aws_iam_role',
			iamRoleArn: 'arn:aws:iam::123456789012:role/r',
		});
		expect(error?.message).toBe(message);
		expect(error?.description).toMatch(/3 to 255 characters of lowercase letters, digits and underscores/);
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('a malformed role ARN, a hostname with a scheme or a missing password are refused before any request', async () => {
		const arn = await run({ operation: 'create', name: 'ok_name', type: 'aws_iam_role', iamRoleArn: 'my-role' });
		expect(arn.error?.message).toBe('Invalid IAM Role ARN in item 0: "my-role" is not an IAM role ARN');
		const host = await run({
			operation: 'create',
			name: 'ok_name',
			type: 'https_bearer',
			hostname: 'https://h.example',
			bearerToken: BEARER,
		});
		expect(host.error?.message).toBe('Invalid Hostname in item 0: "https://h.example" includes a scheme');
		const password = await run({
			operation: 'create',
			name: 'ok_name',
			type: 'https_basic',
			hostname: 'h.example',
			username: 'u',
			password: '={{ "" }}',
		});
		expect(password.error?.message).toBe('Invalid Password in item 0: it is empty');
		const ttl = await run({
			operation: 'create',
			name: 'ok_name',
			type: 'aws_iam_role',
			iamRoleArn: 'arn:aws:iam::123456789012:role/r',
			sessionTtlSeconds: 30,
		});
		expect(ttl.error?.message).toBe('Invalid Session Duration (Seconds) in item 0: "30" is out of range');
		expect(bed.sandbox.requests).toHaveLength(0);
		expect(seen(host)).not.toContain(BEARER);
	});
});

describe('Connection: Get', () => {
	test('finds a connection by name, by ID and from the list; the stored password is redacted', async () => {
		const named = await run({ operation: 'get', connection: byName(SEED_CONNECTION_NAMES.https) });
		expect(named.error).toBeUndefined();
		expect(named.items[0].json).toMatchObject({
			connection_id: SEED_CONNECTION_IDS.https,
			config: { password: '[redacted]' },
		});
		const id = await run({ operation: 'get', connection: byId('={{ $json.id }}') }, [
			{ id: ` ${SEED_CONNECTION_IDS.s3.toUpperCase()} ` },
		]);
		expect(id.items[0].json.name).toBe(SEED_CONNECTION_NAMES.s3);
		const listed = await run({ operation: 'get', connection: fromList(SEED_CONNECTION_NAMES.broken) });
		expect(listed.items[0].json).toMatchObject({ name: SEED_CONNECTION_NAMES.broken, status: 'error' });
		expect(bed.apiRequests().map((r) => r.path)).toEqual([
			`/api/v0/connections/${SEED_CONNECTION_NAMES.https}`,
			`/api/v0/connections/${SEED_CONNECTION_IDS.s3}`,
			`/api/v0/connections/${SEED_CONNECTION_NAMES.broken}`,
		]);
	});

	test('an unknown connection is a clear 404; a malformed ID is refused before any request', async () => {
		const missing = await run({ operation: 'get', connection: byName('no_such_connection') });
		expect(missing.error?.message).toBe("Connection not found: Connection 'no_such_connection' not found");
		expect(missing.error?.description).toMatch(/Check the ID/);
		const unknownId = await run({ operation: 'get', connection: byId(UNKNOWN_ID) });
		expect(unknownId.error?.message).toMatch(/^Connection not found/);
		bed.sandbox.clearRequestLog();
		const malformed = await run({ operation: 'get', connection: byId('={{ $json.id }}') }, [{ id: 'not-a-uuid' }]);
		expect(malformed.error?.message).toBe('Invalid Connection in item 0: "not-a-uuid" is not a UUID');
		expect(bed.sandbox.requests).toHaveLength(0);
	});

	test('Continue On Fail: each item is looked up on its own, pairing intact', async () => {
		const { items, error } = await run(
			{ operation: 'get', connection: byName('={{ $json.name }}') },
			[{ name: SEED_CONNECTION_NAMES.s3 }, { name: 'missing_one' }, { name: SEED_CONNECTION_NAMES.https }],
			true,
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.name).toBe(SEED_CONNECTION_NAMES.s3);
		expect(items[1].json.error).toMatch(/^Connection not found/);
		expect(items[2].json.name).toBe(SEED_CONNECTION_NAMES.https);
	});
});

describe('Connection: Get Many', () => {
	test('Return All follows meta.links.next through every page once', async () => {
		addConnections(210);
		const { items, error } = await run({ operation: 'getMany', returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(213);
		expect(new Set(items.map((i) => i.json.connection_id)).size).toBe(213);
		expect(bed.apiRequests().map((r) => r.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '99', limit: '100' },
			{ offset: '198', limit: '100' },
		]);
		expect(visibleText(items)).not.toMatch(/bulk-token-/);
	});

	test('Limit asks for no more than needed', async () => {
		addConnections(150);
		const { items } = await run({ operation: 'getMany', returnAll: false, limit: 120 });
		expect(items).toHaveLength(120);
		expect(bed.apiRequests().map((r) => r.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '99', limit: '100' },
		]);
	});

	test('status and type go in the query; the IDs are matched by the node, since n8n sends no GET body', async () => {
		addConnections(4);
		const ids = [
			'00000000-0000-4000-8000-000000000001',
			'00000000-0000-4000-8000-000000000003',
			SEED_CONNECTION_IDS.s3,
		];
		const { items, error } = await run({
			operation: 'getMany',
			returnAll: true,
			filters: { status: 'ready', connectionType: 'aws_iam_role', connectionIds: ids.join(', ') },
		});
		expect(error).toBeUndefined();
		const [request] = bed.apiRequests();
		expect(request).toMatchObject({ method: 'GET', path: '/api/v0/connections', status: 200 });
		expect(request.query).toEqual({ status: 'ready', connection_type: 'aws_iam_role', offset: '0', limit: '100' });
		expect(request.body).toBeNull();
		expect(items.map((i) => i.json.name).sort()).toEqual(['bulk_001', 'bulk_003', SEED_CONNECTION_NAMES.s3]);
	});

	test('filters select what the service holds; a malformed ID is refused before any request', async () => {
		const errors = await run({ operation: 'getMany', returnAll: true, filters: { status: 'error' } });
		expect(errors.items.map((i) => i.json.name)).toEqual([SEED_CONNECTION_NAMES.broken]);
		const basic = await run({ operation: 'getMany', returnAll: true, filters: { connectionType: 'https_basic' } });
		expect(basic.items.map((i) => i.json.name)).toEqual([SEED_CONNECTION_NAMES.https]);
		bed.sandbox.clearRequestLog();
		const bad = await run({
			operation: 'getMany',
			returnAll: true,
			filters: { connectionIds: `${SEED_CONNECTION_IDS.s3}, demo_s3` },
		});
		expect(bad.error?.message).toBe('Invalid Connection IDs in item 0: "demo_s3" is not a UUID');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Connection: Update and Delete', () => {
	test('renames a connection and changes its description', async () => {
		const { items, error } = await run({
			operation: 'update',
			connection: byName(SEED_CONNECTION_NAMES.s3),
			updateFields: { name: 'media_bucket', description: 'Renamed' },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			connection_id: SEED_CONNECTION_IDS.s3,
			name: 'media_bucket',
			description: 'Renamed',
		});
		expect(bed.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'PATCH',
				path: `/api/v0/connections/${SEED_CONNECTION_NAMES.s3}`,
				body: { name: 'media_bucket', description: 'Renamed' },
			}),
		]);
	});

	test('a description-only update keeps the current name, which the service requires', async () => {
		const { items, error } = await run({
			operation: 'update',
			connection: byId(SEED_CONNECTION_IDS.https),
			updateFields: { description: '' },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			name: SEED_CONNECTION_NAMES.https,
			description: null,
			config: { password: '[redacted]' },
		});
		expect(bed.apiRequests().map((r) => [r.method, r.body])).toEqual([
			['GET', null],
			['PATCH', { name: SEED_CONNECTION_NAMES.https, description: null }],
		]);
	});

	test('no field, or a name against the rules, is refused before any request; an unknown connection is a 404', async () => {
		const none = await run({ operation: 'update', connection: byName(SEED_CONNECTION_NAMES.s3), updateFields: {} });
		expect(none.error?.message).toBe('Invalid Update Fields in item 0: no field to update was added');
		const bad = await run({
			operation: 'update',
			connection: byName(SEED_CONNECTION_NAMES.s3),
			updateFields: { name: 'Media-Bucket' },
		});
		expect(bad.error?.message).toBe(
			'Invalid Name in item 0: "Media-Bucket" has characters other than lowercase letters, digits and underscores',
		);
		expect(bed.sandbox.requests).toHaveLength(0);
		const missing = await run({
			operation: 'update',
			connection: byName('gone_away'),
			updateFields: { name: 'still_gone' },
		});
		expect(missing.error?.message).toMatch(/^Connection not found/);
	});

	test('delete returns the deleted connection (secrets redacted); it is gone afterwards', async () => {
		const deleted = await run({ operation: 'delete', connection: byName(SEED_CONNECTION_NAMES.https) });
		expect(deleted.items[0].json).toMatchObject({
			deleted: true,
			id: SEED_CONNECTION_IDS.https,
			response: { name: SEED_CONNECTION_NAMES.https, config: { password: '[redacted]' } },
		});
		const again = await run({ operation: 'get', connection: byId(SEED_CONNECTION_IDS.https) });
		expect(again.error?.message).toMatch(/^Connection not found/);
		const twice = await run({ operation: 'delete', connection: byName(SEED_CONNECTION_NAMES.https) });
		expect(twice.error?.message).toMatch(/^Connection not found/);
	});
});

describe('Connection: Get Temporary Credentials', () => {
	test('outputs fresh STS-shaped credentials each time and never logs them', async () => {
		const first = await run({ operation: 'getCredentials', connection: byName(SEED_CONNECTION_NAMES.s3) });
		const second = await run({ operation: 'getCredentials', connection: byId(SEED_CONNECTION_IDS.s3) });
		expect(first.error).toBeUndefined();
		const a = first.items[0].json;
		const b = second.items[0].json;
		expect(a).toEqual({
			access_key_id: expect.stringMatching(/^ASIA[A-Z2-7]{16}$/),
			secret_access_key: expect.stringMatching(/^[A-Za-z0-9+/]{40}$/),
			session_token: expect.any(String),
			expires_in: 3600,
		});
		expect(b.access_key_id).not.toBe(a.access_key_id);
		expect(b.secret_access_key).not.toBe(a.secret_access_key);
		const logs = bed.harness.logs.join('\n');
		for (const value of [a.secret_access_key, a.session_token, b.secret_access_key]) expect(logs).not.toContain(value);
	});

	test('a connection that is not ready, or not an AWS role, gets an error that says why', async () => {
		const broken = await run({ operation: 'getCredentials', connection: byName(SEED_CONNECTION_NAMES.broken) });
		expect(broken.error?.message).toMatch(
			/^The Media Analysis Service answered with status 409: Connection 'demo_broken_bucket' is error/,
		);
		const https = await run({ operation: 'getCredentials', connection: byName(SEED_CONNECTION_NAMES.https) });
		expect(https.error?.message).toMatch(/temporary credentials exist only for aws_iam_role connections$/);
		const missing = await run({ operation: 'getCredentials', connection: byName('nope_nope') });
		expect(missing.error?.message).toMatch(/^Connection not found/);
	});
});

describe('Connection: Get Many Bucket Objects', () => {
	const imageKeys = bucketObjectKeys(SEED_BUCKET).filter((key) => /^images\/[^/]+$/.test(key));

	test('Return All walks the continuation tokens; objects and folders one level down', async () => {
		const { items, error } = await run({
			operation: 'listBucket',
			connection: byName(SEED_CONNECTION_NAMES.s3),
			bucket: SEED_BUCKET,
			prefix: 'images/',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(imageKeys.length).toBeGreaterThan(1000);
		expect(items).toHaveLength(imageKeys.length + 1);
		expect(items.filter((i) => i.json.type === 'prefix').map((i) => i.json.key)).toEqual(['images/thumbnails/']);
		expect(items.filter((i) => i.json.type === 'object').map((i) => i.json.key)).toEqual(imageKeys);
		expect(items[0].json).toMatchObject({ bucket: SEED_BUCKET });
		const bodies = bed.apiRequests().map((r) => r.body as IDataObject);
		expect(bodies.length).toBe(Math.ceil((imageKeys.length + 1) / 1000));
		expect(bodies[0]).toEqual({ bucket: SEED_BUCKET, prefix: 'images/', max_keys: 1000 });
		expect(bodies[1].continuation_token).toEqual(expect.any(String));
	});

	test('Limit asks for only what it needs; the top of the bucket lists folders', async () => {
		const five = await run({
			operation: 'listBucket',
			connection: byName(SEED_CONNECTION_NAMES.s3),
			bucket: SEED_BUCKET,
			prefix: 'images/',
			limit: 5,
		});
		expect(five.items.map((i) => i.json.key)).toEqual(imageKeys.slice(0, 5));
		expect(bed.apiRequests()[0].body).toMatchObject({ max_keys: 5 });
		const top = await run({
			operation: 'listBucket',
			connection: byName(SEED_CONNECTION_NAMES.s3),
			bucket: SEED_BUCKET,
			returnAll: true,
		});
		expect(top.items.map((i) => [i.json.type, i.json.key])).toEqual([
			['prefix', 'images/'],
			['prefix', 'metadata/'],
			['prefix', 'videos/'],
			['object', 'README.txt'],
		]);
	});

	test('errors say why: another bucket, a connection in error, an empty bucket name', async () => {
		const other = await run({
			operation: 'listBucket',
			connection: byName(SEED_CONNECTION_NAMES.s3),
			bucket: 'someone-else',
			returnAll: true,
		});
		expect(other.error?.message).toBe(
			`The Media Analysis Service rejected the request: Connection 'demo_s3' gives access to bucket '${SEED_BUCKET}' only, not 'someone-else'`,
		);
		const broken = await run({
			operation: 'listBucket',
			connection: byName(SEED_CONNECTION_NAMES.broken),
			bucket: 'broken-bucket',
			returnAll: true,
		});
		expect(broken.error?.message).toMatch(/Connection 'demo_broken_bucket' is in the error state/);
		bed.sandbox.clearRequestLog();
		const empty = await run({
			operation: 'listBucket',
			connection: byName(SEED_CONNECTION_NAMES.s3),
			bucket: ' ',
			returnAll: true,
		});
		expect(empty.error?.message).toBe('Invalid Bucket in item 0: it is empty');
		expect(bed.sandbox.requests).toHaveLength(0);
	});
});

describe('Connection: Test', () => {
	test('a test stores the outcome; a dry run reports it and changes nothing', async () => {
		const created = await run({
			operation: 'create',
			name: 'fresh_one',
			type: 'aws_iam_role',
			iamRoleArn: 'arn:aws:iam::123456789012:role/r',
		});
		expect(created.items[0].json.status).toBe('pending');
		const dry = await run({
			operation: 'test',
			connection: byName('fresh_one'),
			location: 'broken/x',
			updateState: false,
		});
		expect(dry.items[0].json.status).toBe('error');
		expect(stored('fresh_one')?.status).toBe('pending');
		const real = await run({ operation: 'test', connection: byName('fresh_one') });
		expect(real.items[0].json.status).toBe('ready');
		expect(stored('fresh_one')?.status).toBe('ready');
		expect(
			bed
				.apiRequests()
				.filter((r) => r.path.endsWith('/test'))
				.map((r) => r.body),
		).toEqual([
			{ location: 'broken/x', update_state: false },
			{ location: '/', update_state: true },
		]);
	});

	test('a broken bucket fails its test; an unknown connection is a 404', async () => {
		const broken = await run({ operation: 'test', connection: byId(SEED_CONNECTION_IDS.broken) });
		expect(broken.items[0].json.status).toBe('error');
		const missing = await run({ operation: 'test', connection: byName('who_is_this') });
		expect(missing.error?.message).toMatch(/^Connection not found/);
	});
});

describe('Connection locator: From list', () => {
	test('searches connection names; the value is the name', async () => {
		const found = await bed.harness.runListSearch({ type, method: 'searchConnections', filter: 'HTTPS' });
		expect(found.results).toEqual([
			{ name: SEED_CONNECTION_NAMES.https, value: SEED_CONNECTION_NAMES.https, description: 'https_basic, ready' },
		]);
		addConnections(150);
		const first = await bed.harness.runListSearch({ type, method: 'searchConnections' });
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('100');
		const second = await bed.harness.runListSearch({
			type,
			method: 'searchConnections',
			paginationToken: first.paginationToken,
		});
		expect(second.results).toHaveLength(53);
		expect(second.paginationToken).toBeUndefined();
	});
});

describe('As an AI tool (Media Analysis Connections Tool)', () => {
	test('lists 10 bucket objects by default, asking S3 for 10; a workflow step keeps 50', async () => {
		const parameters = {
			resource: 'connection',
			operation: 'listBucket',
			connection: byName(SEED_CONNECTION_NAMES.s3),
			bucket: SEED_BUCKET,
			prefix: 'images/',
		};
		const tool = await bed.harness.runNode({ type: `${type}Tool`, parameters });
		expect(tool.error).toBeUndefined();
		expect(tool.items).toHaveLength(10);
		const step = await bed.harness.runNode({ type, parameters });
		expect(step.items).toHaveLength(50);
		expect(bed.apiRequests().map((r) => (r.body as IDataObject).max_keys)).toEqual([10, 50]);
	});
});
