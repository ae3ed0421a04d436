import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PERSONAL_TOKEN } from '../../sandbox/server';
import { loginWithClientCredentials, loginWithPersonalToken, send, useSandbox } from './helpers';

describe('request log and counters', () => {
	const { sandbox } = useSandbox();

	it('starts empty', () => {
		expect(sandbox.requests).toEqual([]);
		expect(sandbox.stats()).toEqual({ requests: 0, logins: 0, failedLogins: 0 });
	});

	it('records method, path, parsed and raw query, body and status of every request', async () => {
		const token = (await loginWithPersonalToken(sandbox)).body.access_token;
		await send(sandbox.url, 'GET', '/api/v1/datasets?status=active&status=inactive&limit=5&status%5B0%5D=x', { token });

		expect(sandbox.requests).toHaveLength(2);
		expect(sandbox.requests[0]).toMatchObject({
			method: 'POST',
			path: '/api/v0/login',
			query: {},
			rawQuery: '',
			body: { grant_type: 'refresh_token' },
			authScheme: 'bearer',
			status: 200,
		});
		expect(sandbox.requests[1]).toEqual({
			at: expect.any(String),
			method: 'GET',
			path: '/api/v1/datasets',
			query: { status: ['active', 'inactive'], limit: '5', 'status[0]': 'x' },
			rawQuery: 'status=active&status=inactive&limit=5&status%5B0%5D=x',
			body: null,
			authScheme: 'bearer',
			status: 200,
			secretsMasked: false,
		});
	});

	it('records rejected requests too, with their status', async () => {
		await send(sandbox.url, 'GET', '/api/v1/datasets');
		await send(sandbox.url, 'DELETE', '/nowhere');

		expect(sandbox.requests.map((entry) => [entry.method, entry.path, entry.status, entry.authScheme])).toEqual([
			['GET', '/api/v1/datasets', 401, null],
			['DELETE', '/nowhere', 404, null],
		]);
		expect(sandbox.stats().requests).toBe(2);
	});

	it('never keeps the Authorization header or any credential', async () => {
		const personal = (await loginWithPersonalToken(sandbox)).body.access_token;
		const system = (await loginWithClientCredentials(sandbox)).body.access_token;
		await send(sandbox.url, 'GET', '/api/v1/datasets', { token: personal });
		await send(sandbox.url, 'GET', '/api/v1/encoders', { token: system });

		const logged = JSON.stringify(sandbox.requests);
		for (const secret of [DEMO_PERSONAL_TOKEN, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, personal, system]) {
			expect(logged).not.toContain(secret);
		}
		expect(logged.toLowerCase()).not.toContain('authorization');
		expect(sandbox.requests.map((entry) => entry.authScheme)).toEqual(['bearer', 'basic', 'bearer', 'bearer']);
	});

	it('masks a credential that a client leaks into the query or body, and flags it', async () => {
		const token = (await loginWithPersonalToken(sandbox)).body.access_token;
		await send(sandbox.url, 'POST', `/api/v1/datasets?token=${token}`, {
			token,
			json: {
				name: 'leaky',
				encoder_name: 'resnet-50',
				description: `secret ${DEMO_CLIENT_SECRET}`,
			},
		});

		const entry = sandbox.requests[1];
		expect(entry.secretsMasked).toBe(true);
		expect(entry.rawQuery).toBe('token=[REDACTED]');
		expect(entry.query).toEqual({ token: '[REDACTED]' });
		expect(entry.body).toMatchObject({ description: 'secret [REDACTED]' });
		expect(JSON.stringify(sandbox.requests)).not.toContain(DEMO_CLIENT_SECRET);
	});

	it('clears the log and the counters on request', async () => {
		await loginWithPersonalToken(sandbox);
		sandbox.clearRequestLog();

		expect(sandbox.requests).toEqual([]);
		expect(sandbox.stats()).toEqual({ requests: 0, logins: 0, failedLogins: 0 });
	});

	it('keeps the requests array live across resets', async () => {
		const requests = sandbox.requests;
		await loginWithPersonalToken(sandbox);
		sandbox.reset();
		await loginWithPersonalToken(sandbox);

		expect(requests).toHaveLength(1);
	});
});
