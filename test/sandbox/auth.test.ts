import { DEMO_PERSONAL_TOKEN } from '../../sandbox/server';
import {
	accessToken,
	basicAuth,
	loginWithClientCredentials,
	loginWithPersonalToken,
	send,
	useSandbox,
} from './helpers';

describe('bearer authentication of API routes', () => {
	const { sandbox } = useSandbox();
	const listDatasets = (token?: string, headers?: Record<string, string>) =>
		send(sandbox.url, 'GET', '/api/v1/datasets', { token, headers });

	it('a reset ends every session; a reset that keeps access tokens keeps them valid, the data back to the seed', async () => {
		const token = await accessToken(sandbox);
		const created = await send(sandbox.url, 'POST', '/api/v1/datasets', {
			token,
			json: { name: 'made_before_the_reset', encoder_name: 'multimodal-tx-large3' },
		});
		expect(created.status).toBe(200);
		const names = async () =>
			((await listDatasets(token)).body.data as Array<{ name: string }>).map((dataset) => dataset.name);
		expect(await names()).toContain('made_before_the_reset');

		sandbox.reset({ keepAccessTokens: true });
		expect((await listDatasets(token)).status).toBe(200);
		expect(await names()).not.toContain('made_before_the_reset');
		expect(sandbox.requests.map((request) => request.status)).toEqual([200, 200]);

		sandbox.reset();
		expect((await listDatasets(token)).status).toBe(401);
	});

	it('answers 401 Not authenticated without a token', async () => {
		const reply = await listDatasets();

		expect(reply.status).toBe(401);
		expect(reply.body).toEqual({ detail: 'Not authenticated' });
		expect(reply.headers['www-authenticate']).toBe('Bearer');
	});

	it('answers 401 Not authenticated for Basic credentials on an API route', async () => {
		const reply = await listDatasets(undefined, { authorization: basicAuth('a', 'b') });

		expect(reply.status).toBe(401);
		expect(reply.body).toEqual({ detail: 'Not authenticated' });
	});

	it('answers 401 Invalid or expired token for an unknown token', async () => {
		const reply = await listDatasets('eyJhbGciOiJIUzI1NiJ9.e30.forged');

		expect(reply.status).toBe(401);
		expect(reply.body).toEqual({ detail: 'Invalid or expired token' });
	});

	it('rejects the personal token itself on API routes', async () => {
		expect((await listDatasets(DEMO_PERSONAL_TOKEN)).status).toBe(401);
	});

	it('accepts access tokens from both kinds of login', async () => {
		const personal = (await loginWithPersonalToken(sandbox)).body.access_token;
		const system = (await loginWithClientCredentials(sandbox)).body.access_token;

		expect((await listDatasets(personal)).status).toBe(200);
		expect((await listDatasets(system)).status).toBe(200);
	});

	it('expires an access token when the clock passes its lifetime', async () => {
		sandbox.clock.freeze();
		const token = await accessToken(sandbox);

		sandbox.clock.advance(3600 * 1000 - 1);
		expect((await listDatasets(token)).status).toBe(200);

		sandbox.clock.advance(1);
		const reply = await listDatasets(token);
		expect(reply.status).toBe(401);
		expect(reply.body).toEqual({ detail: 'Invalid or expired token' });
	});

	it('follows a shorter lifetime', async () => {
		sandbox.setTokenLifetime(5);
		const token = await accessToken(sandbox);

		sandbox.clock.advance(5000);
		expect((await listDatasets(token)).status).toBe(401);
	});

	it('expires every issued token on demand, and a new login works again', async () => {
		const personal = await accessToken(sandbox);
		const system = (await loginWithClientCredentials(sandbox)).body.access_token;

		expect(sandbox.expireAccessTokens()).toBe(2);

		expect((await listDatasets(personal)).status).toBe(401);
		expect((await listDatasets(system)).status).toBe(401);
		expect((await listDatasets(await accessToken(sandbox))).status).toBe(200);
	});

	it('stops a revoked personal token and the access tokens issued from it', async () => {
		const issuedBefore = await accessToken(sandbox);
		const system = (await loginWithClientCredentials(sandbox)).body.access_token;

		expect(sandbox.revokePersonalToken(DEMO_PERSONAL_TOKEN)).toBe(true);

		expect((await listDatasets(issuedBefore)).status).toBe(401);
		const relogin = await loginWithPersonalToken(sandbox);
		expect(relogin.status).toBe(401);
		expect(relogin.body).toEqual({ detail: 'Invalid credentials' });
		expect((await listDatasets(system)).status).toBe(200);
	});

	it('reports an unknown personal token as not revoked', () => {
		expect(sandbox.revokePersonalToken('never-issued')).toBe(false);
	});

	it('restores revoked credentials on reset', async () => {
		sandbox.revokePersonalToken(DEMO_PERSONAL_TOKEN);
		sandbox.reset();

		expect((await loginWithPersonalToken(sandbox)).status).toBe(200);
	});

	it('accepts extra personal tokens added to the store', async () => {
		sandbox.store.addPersonalToken('second-user-token', 'second-user');
		const token = (await loginWithPersonalToken(sandbox, 'second-user-token')).body.access_token;

		const created = await send(sandbox.url, 'POST', '/api/v1/datasets', {
			token,
			json: { name: 'owned', encoder_name: 'resnet-50' },
		});
		expect(created.body.created_by).toBe('second-user');
	});

	it('checks routing before authentication', async () => {
		expect((await send(sandbox.url, 'GET', '/api/v1/nothing-here')).status).toBe(404);
		expect((await send(sandbox.url, 'PUT', '/api/v1/datasets')).status).toBe(405);
	});

	it('checks authentication before validation', async () => {
		const reply = await send(sandbox.url, 'GET', '/api/v1/datasets/not-a-uuid');

		expect(reply.status).toBe(401);
	});
});
