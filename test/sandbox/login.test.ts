import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PERSONAL_TOKEN, startSandbox } from '../../sandbox/server';
import { basicAuth, loginWithClientCredentials, loginWithPersonalToken, send, useSandbox } from './helpers';

describe('POST /api/v0/login', () => {
	const { sandbox } = useSandbox();

	it('exchanges a personal token for a bearer access token', async () => {
		const reply = await loginWithPersonalToken(sandbox);

		expect(reply.status).toBe(200);
		expect(reply.body).toEqual({
			access_token: expect.any(String),
			token_type: 'Bearer',
			expires_in: 3600,
		});
		expect(reply.body.access_token).toMatch(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/);
		expect(reply.body.access_token).not.toContain(DEMO_PERSONAL_TOKEN);
	});

	it('exchanges system credentials sent as HTTP Basic', async () => {
		const reply = await loginWithClientCredentials(sandbox);

		expect(reply.status).toBe(200);
		expect(reply.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
	});

	it('issues a different access token on every login', async () => {
		const first = await loginWithPersonalToken(sandbox);
		const second = await loginWithPersonalToken(sandbox);

		expect(first.body.access_token).not.toBe(second.body.access_token);
	});

	it('puts the expiry into the token claims using the sandbox clock', async () => {
		sandbox.clock.advance(24 * 3600 * 1000);
		const reply = await loginWithPersonalToken(sandbox);
		const claims = JSON.parse(Buffer.from(reply.body.access_token.split('.')[1], 'base64url').toString());

		expect(claims.exp - claims.iat).toBe(3600);
		expect(claims.iat * 1000).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
	});

	it.each([
		['an unknown personal token', { authorization: 'Bearer not-a-real-token' }, 'refresh_token'],
		['a wrong client secret', { authorization: basicAuth(DEMO_CLIENT_ID, 'wrong') }, 'client_credentials'],
		['an unknown client id', { authorization: basicAuth('someone-else', DEMO_CLIENT_SECRET) }, 'client_credentials'],
		[
			'a personal token with grant client_credentials',
			{ authorization: `Bearer ${DEMO_PERSONAL_TOKEN}` },
			'client_credentials',
		],
		[
			'system credentials with grant refresh_token',
			{ authorization: basicAuth(DEMO_CLIENT_ID, DEMO_CLIENT_SECRET) },
			'refresh_token',
		],
		['an unsupported scheme', { authorization: `Token ${DEMO_PERSONAL_TOKEN}` }, 'refresh_token'],
	])('answers 401 for %s', async (_case, headers, grantType) => {
		const reply = await send(sandbox.url, 'POST', '/api/v0/login', {
			headers,
			json: { grant_type: grantType },
		});

		expect(reply.status).toBe(401);
		expect(reply.body).toEqual({ detail: 'Invalid credentials' });
	});

	it('answers 401 Not authenticated without an Authorization header', async () => {
		const reply = await send(sandbox.url, 'POST', '/api/v0/login', {
			json: { grant_type: 'refresh_token' },
		});

		expect(reply.status).toBe(401);
		expect(reply.body).toEqual({ detail: 'Not authenticated' });
	});

	it('answers 422 when grant_type is missing', async () => {
		const reply = await send(sandbox.url, 'POST', '/api/v0/login', {
			headers: { authorization: `Bearer ${DEMO_PERSONAL_TOKEN}` },
			json: {},
		});

		expect(reply.status).toBe(422);
		expect(reply.body).toEqual({
			detail: [{ loc: ['body', 'grant_type'], msg: 'Field required', type: 'missing' }],
		});
	});

	it('answers 422 for an unknown grant_type', async () => {
		const reply = await send(sandbox.url, 'POST', '/api/v0/login', {
			headers: { authorization: `Bearer ${DEMO_PERSONAL_TOKEN}` },
			json: { grant_type: 'password' },
		});

		expect(reply.status).toBe(422);
		expect(reply.body.detail).toEqual([
			{
				loc: ['body', 'grant_type'],
				msg: "Input should be 'refresh_token' or 'client_credentials'",
				type: 'enum',
			},
		]);
	});

	it('answers 422 without a body', async () => {
		const reply = await send(sandbox.url, 'POST', '/api/v0/login', {
			headers: { authorization: `Bearer ${DEMO_PERSONAL_TOKEN}` },
		});

		expect(reply.status).toBe(422);
		expect(reply.body).toEqual({
			detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }],
		});
	});

	it('counts successful and failed logins separately', async () => {
		await loginWithPersonalToken(sandbox);
		await loginWithClientCredentials(sandbox);
		await loginWithPersonalToken(sandbox, 'wrong');
		await send(sandbox.url, 'POST', '/api/v0/login', { json: {} });

		expect(sandbox.stats()).toEqual({ requests: 4, logins: 2, failedLogins: 2 });
	});

	it('reports the configured token lifetime', async () => {
		sandbox.setTokenLifetime(120);
		expect((await loginWithPersonalToken(sandbox)).body.expires_in).toBe(120);

		sandbox.reset();
		expect((await loginWithPersonalToken(sandbox)).body.expires_in).toBe(3600);
	});

	it('takes the token lifetime from the start options', async () => {
		const shortLived = await startSandbox({ tokenLifetimeSeconds: 60 });
		try {
			expect((await loginWithPersonalToken(shortLived)).body.expires_in).toBe(60);
		} finally {
			await shortLived.close();
		}
	});
});
