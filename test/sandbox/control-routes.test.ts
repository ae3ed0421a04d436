import { DEMO_PERSONAL_TOKEN, SEED_DATASET_IDS } from '../../sandbox/server';
import { accessToken, loginWithPersonalToken, send, useSandbox } from './helpers';

describe('control routes under /__sandbox/', () => {
	const { sandbox } = useSandbox();
	const control = (method: string, path: string, json?: unknown) =>
		send(sandbox.url, method, `/__sandbox/${path}`, { json });

	it('reports stats without counting itself', async () => {
		await loginWithPersonalToken(sandbox);
		await loginWithPersonalToken(sandbox, 'wrong');

		const reply = await control('GET', 'stats');

		expect(reply.status).toBe(200);
		expect(reply.body).toEqual({ requests: 2, logins: 1, failedLogins: 1 });
		expect(sandbox.requests).toHaveLength(2);
	});

	it('resets data, credentials, log and clock', async () => {
		const token = await accessToken(sandbox);
		await send(sandbox.url, 'DELETE', `/api/v1/datasets/${SEED_DATASET_IDS.demoImages}`, { token });
		sandbox.revokePersonalToken(DEMO_PERSONAL_TOKEN);
		sandbox.clock.advance(86_400_000);

		const reply = await control('POST', 'reset');

		expect(reply.body).toEqual({ reset: true });
		expect(sandbox.requests).toEqual([]);
		expect(Math.abs(sandbox.clock.now() - Date.now())).toBeLessThan(1000);
		expect((await send(sandbox.url, 'GET', '/api/v1/datasets', { token })).status).toBe(401);
		const fresh = await accessToken(sandbox);
		expect(
			(
				await send(sandbox.url, 'GET', `/api/v1/datasets/${SEED_DATASET_IDS.demoImages}`, {
					token: fresh,
				})
			).status,
		).toBe(200);
	});

	it('expires access tokens', async () => {
		const token = await accessToken(sandbox);

		expect((await control('POST', 'tokens/expire')).body).toEqual({ expired: 1 });
		expect((await send(sandbox.url, 'GET', '/api/v1/datasets', { token })).status).toBe(401);
	});

	it('sets the lifetime of new access tokens', async () => {
		expect((await control('POST', 'tokens/lifetime', { seconds: 30 })).status).toBe(200);
		expect((await loginWithPersonalToken(sandbox)).body.expires_in).toBe(30);
		expect((await control('POST', 'tokens/lifetime', { seconds: 0 })).status).toBe(422);
	});

	it('revokes a personal token', async () => {
		const reply = await control('POST', 'personal-tokens/revoke', { token: DEMO_PERSONAL_TOKEN });

		expect(reply.body).toEqual({ revoked: true });
		expect((await loginWithPersonalToken(sandbox)).status).toBe(401);
		expect((await control('POST', 'personal-tokens/revoke', { token: 'unknown' })).status).toBe(404);
		expect((await control('POST', 'personal-tokens/revoke', {})).body.detail).toEqual([
			{ loc: ['body', 'token'], msg: 'Field required', type: 'missing' },
		]);
	});

	it('advances the clock so that tokens expire', async () => {
		const token = await accessToken(sandbox);

		const reply = await control('POST', 'clock/advance', { ms: 3_600_000 });

		expect(Date.parse(reply.body.now)).toBeGreaterThanOrEqual(Date.now() + 3_600_000 - 1000);
		expect((await send(sandbox.url, 'GET', '/api/v1/datasets', { token })).status).toBe(401);
	});

	it('serves the request log', async () => {
		await loginWithPersonalToken(sandbox);

		const reply = await control('GET', 'requests');

		expect(reply.body).toEqual([expect.objectContaining({ path: '/api/v0/login', status: 200 })]);
	});

	it('answers 404 for unknown control routes without logging them', async () => {
		expect((await control('POST', 'nothing')).status).toBe(404);
		expect(sandbox.requests).toEqual([]);
	});
});
