/* Dev-only: the sandbox's connection routes behave like the service (paths, codes, shapes, FastAPI errors). */
import { bucketObjectKeys, listBucket } from '../../sandbox/connections/bucket';
import {
	findConnection,
	SEED_BUCKET,
	SEED_CONNECTION_IDS,
	SEED_CONNECTION_NAMES,
} from '../../sandbox/connections/model';
import { useSandbox } from './helpers';

const { sandbox, api } = useSandbox({ client: true });

const aws = (name: string, config: Record<string, unknown> = {}) => ({
	name,
	type: 'aws_iam_role',
	config: { iam_role_arn: 'arn:aws:iam::123456789012:role/reader', ...config },
});

describe('POST /api/v0/connections', () => {
	test('201 with GetConnectionResponse; defaults filled; pending until it settles on the sandbox clock', async () => {
		sandbox.clock.freeze();
		const created = await api.post('/api/v0/connections', aws('new_bucket', { bucket_name: 'b' }));
		expect(created.status).toBe(201);
		expect(Object.keys(created.body).sort()).toEqual(
			['config', 'connection_id', 'created_dt', 'description', 'name', 'status', 'type', 'updated_dt'].sort(),
		);
		expect(created.body).toMatchObject({
			status: 'pending',
			config: {
				iam_role_arn: 'arn:aws:iam::123456789012:role/reader',
				scope: 's3',
				bucket_name: 'b',
				session_ttl_seconds: 3600,
			},
		});
		sandbox.clock.advance(sandbox.store.connections.settleMs - 1);
		expect((await api.get('/api/v0/connections/new_bucket')).body.status).toBe('pending');
		sandbox.clock.advance(1);
		expect((await api.get(`/api/v0/connections/${created.body.connection_id}`)).body.status).toBe('ready');
	});

	test('the variant is read from the config keys when type is missing; passwords are masked in answers and the log', async () => {
		const created = await api.post('/api/v0/connections', {
			name: 'web_host',
			config: { hostname: 'h.example', username: 'u', password: 'a-password-of-some-length' },
		});
		expect(created.body).toMatchObject({ type: 'https_basic', config: { password: '********' } });
		expect(JSON.stringify(sandbox.requests)).not.toContain('a-password-of-some-length');
		sandbox.store.connections.echoSecrets = true;
		expect((await api.get('/api/v0/connections/web_host')).body.config.password).toBe('a-password-of-some-length');
	});

	test.each([
		['ab', 'string_too_short'],
		['Has_Caps', 'string_pattern_mismatch'],
		['x'.repeat(256), 'string_too_long'],
	])('name %j → 422 %s', async (name, type) => {
		const reply = await api.post('/api/v0/connections', aws(name));
		expect(reply.status).toBe(422);
		expect(reply.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'name'], type })]);
	});

	test('422 for a bad ARN, a TTL out of 60–3600, an unknown config; 409 for a taken name', async () => {
		const arn = await api.post('/api/v0/connections', {
			name: 'abc',
			type: 'aws_iam_role',
			config: { iam_role_arn: 'role' },
		});
		expect(arn.body.detail[0]).toMatchObject({ loc: ['body', 'config', 'iam_role_arn'], type: 'value_error' });
		const ttl = await api.post('/api/v0/connections', aws('abc', { session_ttl_seconds: 30 }));
		expect(ttl.body.detail[0]).toMatchObject({
			loc: ['body', 'config', 'session_ttl_seconds'],
			type: 'greater_than_equal',
		});
		const unknown = await api.post('/api/v0/connections', { name: 'abc', config: { foo: 1 } });
		expect(unknown.body.detail[0]).toMatchObject({ loc: ['body', 'config'], type: 'value_error' });
		const taken = await api.post('/api/v0/connections', aws(SEED_CONNECTION_NAMES.s3));
		expect(taken.status).toBe(409);
	});
});

describe('GET /api/v0/connections', () => {
	test('offset/limit pages with meta.page and meta.links; the optional GET body filters by id', async () => {
		for (let i = 0; i < 5; i++) await api.post('/api/v0/connections', aws(`extra_${i}`));
		const first = await api.get('/api/v0/connections?limit=3&status=pending');
		expect(first.body.meta).toEqual({
			page: { current_page: 1, limit: 3, offset: 0 },
			links: {
				current: '/api/v0/connections?limit=3&status=pending&offset=0',
				previous: null,
				next: '/api/v0/connections?limit=3&status=pending&offset=3',
			},
		});
		const second = await api.get('/api/v0/connections?limit=3&status=pending&offset=3');
		expect(second.body.data.map((c: { name: string }) => c.name)).toEqual(['extra_3', 'extra_4']);
		expect(second.body.meta.links.next).toBeNull();
		const byIds = await api.get('/api/v0/connections', [SEED_CONNECTION_IDS.https, SEED_CONNECTION_IDS.broken]);
		expect(byIds.body.data.map((c: { name: string }) => c.name)).toEqual([
			SEED_CONNECTION_NAMES.https,
			SEED_CONNECTION_NAMES.broken,
		]);
		const bad = await api.get('/api/v0/connections', ['nope']);
		expect(bad.status).toBe(422);
		expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 0], type: 'uuid_parsing' });
	});
});

describe('one connection', () => {
	test('GET/PATCH/DELETE by name or id; 404 for an unknown one', async () => {
		expect((await api.get('/api/v0/connections/unknown_one')).status).toBe(404);
		const renamed = await api.patch(`/api/v0/connections/${SEED_CONNECTION_IDS.s3}`, {
			name: 'renamed',
			description: 'd',
		});
		expect(renamed.body).toMatchObject({ name: 'renamed', description: 'd' });
		const noName = await api.patch('/api/v0/connections/renamed', { description: 'only' });
		expect(noName.status).toBe(422);
		expect((await api.delete('/api/v0/connections/renamed')).status).toBe(200);
		expect((await api.get(`/api/v0/connections/${SEED_CONNECTION_IDS.s3}`)).status).toBe(404);
	});

	test('test: outcome per connection and location; update_state false is a dry run', async () => {
		const dry = await api.post(`/api/v0/connections/${SEED_CONNECTION_NAMES.s3}/test`, {
			location: 'broken',
			update_state: false,
		});
		expect(dry.body.status).toBe('error');
		expect((await api.get(`/api/v0/connections/${SEED_CONNECTION_NAMES.s3}`)).body.status).toBe('ready');
		const noBody = await api.post(`/api/v0/connections/${SEED_CONNECTION_NAMES.broken}/test`);
		expect(noBody.body.status).toBe('error');
	});

	test('credentials: aws_iam_role and ready only; distinct values each time', async () => {
		const a = await api.get(`/api/v0/connections/${SEED_CONNECTION_NAMES.s3}/credentials`);
		const b = await api.get(`/api/v0/connections/${SEED_CONNECTION_NAMES.s3}/credentials`);
		expect(Object.keys(a.body).sort()).toEqual(['access_key_id', 'expires_in', 'secret_access_key', 'session_token']);
		expect(a.body.session_token).not.toBe(b.body.session_token);
		expect((await api.get(`/api/v0/connections/${SEED_CONNECTION_NAMES.https}/credentials`)).status).toBe(400);
		expect((await api.get(`/api/v0/connections/${SEED_CONNECTION_NAMES.broken}/credentials`)).status).toBe(409);
	});

	test('list: S3-style pages with continuation tokens, one level below the prefix', async () => {
		const first = await api.post(`/api/v0/connections/${SEED_CONNECTION_NAMES.s3}/list`, {
			bucket: SEED_BUCKET,
			prefix: 'images/',
			max_keys: 2,
		});
		expect(first.body).toEqual({
			bucket: SEED_BUCKET,
			prefix: 'images/',
			keys: ['images/image_00001.jpg', 'images/image_00002.jpg'],
			common_prefixes: [],
			continuation_token: expect.any(String),
		});
		const next = await api.post(`/api/v0/connections/${SEED_CONNECTION_NAMES.s3}/list`, {
			bucket: SEED_BUCKET,
			prefix: 'images/',
			max_keys: 2,
			continuation_token: first.body.continuation_token,
		});
		expect(next.body.keys).toEqual(['images/image_00003.jpg', 'images/image_00004.jpg']);
		const badToken = await api.post(`/api/v0/connections/${SEED_CONNECTION_NAMES.s3}/list`, {
			bucket: SEED_BUCKET,
			prefix: '',
			continuation_token: '!!',
		});
		expect(badToken.status).toBe(400);
		const missing = await api.post(`/api/v0/connections/${SEED_CONNECTION_NAMES.s3}/list`, { bucket: SEED_BUCKET });
		expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'prefix'], type: 'missing' });
	});
});

describe('helpers for other areas', () => {
	test('findConnection resolves names and ids, and settles pending ones when given the time', async () => {
		const created = await api.post('/api/v0/connections', aws('later_ready'));
		const store = sandbox.store;
		expect(findConnection(store, 'later_ready')?.id).toBe(created.body.connection_id);
		expect(findConnection(store, created.body.connection_id.toUpperCase())?.name).toBe('later_ready');
		expect(findConnection(store, 'later_ready')?.status).toBe('pending');
		expect(findConnection(store, 'later_ready', sandbox.clock.now() + store.connections.settleMs)?.status).toBe(
			'ready',
		);
		expect(findConnection(store, 'nobody')).toBeUndefined();
	});

	test('bucket contents are deterministic, sized from the bucket name, and cover every key once', () => {
		expect(bucketObjectKeys('a')).toEqual(bucketObjectKeys('a'));
		expect(bucketObjectKeys('a').length).not.toBe(bucketObjectKeys('b').length);
		const seen: string[] = [];
		let token: string | null = null;
		do {
			const page = listBucket('b', 'images/', 700, token);
			seen.push(...page.keys, ...page.commonPrefixes);
			token = page.continuationToken;
		} while (token);
		expect(new Set(seen).size).toBe(seen.length);
		expect(seen.filter((key) => !key.endsWith('/')).length).toBe(
			bucketObjectKeys('b').filter((k) => /^images\/[^/]+$/.test(k)).length,
		);
	});
});
