import { accessToken, loginWithPersonalToken, send, useSandbox } from './helpers';

/*
 * The sandbox's gateway rate limit (`rateLimitPerSecond`): requests above N in a rolling second answered 429 with
 * Retry-After, never processed; login and control routes let through unless asked. The sandbox clock is frozen, so
 * the window moves only when a test moves it.
 */

const { sandbox } = useSandbox();
beforeEach(() => sandbox.clock.freeze());
afterEach(() => sandbox.clock.reset());

const listDatasets = (token: string) => send(sandbox.url, 'GET', '/api/v1/datasets', { token });
const createDataset = (token: string, name: string) =>
	send(sandbox.url, 'POST', '/api/v1/datasets', { token, json: { name, encoder_name: 'resnet-50' } });

test('requests sent at once: N get through, the rest get 429 with Retry-After 1 and are logged as rate-limit', async () => {
	const token = await accessToken(sandbox);
	sandbox.setFaults({ rateLimitPerSecond: 4 });
	sandbox.clearRequestLog();
	const replies = await Promise.all(Array.from({ length: 10 }, () => listDatasets(token)));
	const statuses = replies.map((reply) => reply.status).sort();
	expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
	for (const reply of replies.filter((r) => r.status === 429)) {
		expect(reply.headers['retry-after']).toBe('1');
		expect(reply.body).toEqual({ detail: 'Too Many Requests' });
	}
	expect(sandbox.requests.filter((r) => r.fault === 'rate-limit')).toHaveLength(6);
	expect(sandbox.faultStats()).toMatchObject({ throttled: 6, faultable: 4, rateLimit: 0 });
});

test('the window rolls: a slot frees exactly one second after the request that took it', async () => {
	const token = await accessToken(sandbox);
	sandbox.setFaults({ rateLimitPerSecond: 2 });
	expect((await listDatasets(token)).status).toBe(200);
	sandbox.clock.advance(400);
	expect((await listDatasets(token)).status).toBe(200);
	sandbox.clock.advance(599); // 999 ms after the first: both still count
	const refused = await listDatasets(token);
	expect(refused.status).toBe(429);
	expect(refused.headers['retry-after']).toBe('1');
	sandbox.clock.advance(1); // the first leaves the window, the second stays
	expect((await listDatasets(token)).status).toBe(200);
	expect((await listDatasets(token)).status).toBe(429);
	sandbox.clock.advance(400); // the second leaves it
	expect((await listDatasets(token)).status).toBe(200);
	// Refused requests do not count: only the three let through above did.
	expect(sandbox.faultStats()).toMatchObject({ throttled: 2, faultable: 4 });
});

test('a refused POST is not carried out', async () => {
	const token = await accessToken(sandbox);
	sandbox.setFaults({ rateLimitPerSecond: 1 });
	expect((await createDataset(token, 'first_one')).status).toBe(200);
	expect((await createDataset(token, 'refused_one')).status).toBe(429);
	sandbox.clearFaults();
	const names = JSON.stringify((await listDatasets(token)).body);
	expect(names).toContain('first_one');
	expect(names).not.toContain('refused_one');
});

test('login and control routes are let through and not counted, unless includeLogin; paths narrow it', async () => {
	sandbox.setFaults({ rateLimitPerSecond: 1 });
	for (let i = 0; i < 3; i++) expect((await loginWithPersonalToken(sandbox)).status).toBe(200);
	for (let i = 0; i < 3; i++) expect((await send(sandbox.url, 'GET', '/__sandbox/faults')).status).toBe(200);
	const token = (await loginWithPersonalToken(sandbox)).body.access_token as string;
	expect((await listDatasets(token)).status).toBe(200);
	expect((await listDatasets(token)).status).toBe(429);

	sandbox.setFaults({ rateLimitPerSecond: 1, includeLogin: true });
	expect((await loginWithPersonalToken(sandbox)).status).toBe(200);
	expect((await loginWithPersonalToken(sandbox)).status).toBe(429);

	sandbox.setFaults({ rateLimitPerSecond: 1, paths: ['/api/v1/datasets'] });
	expect((await listDatasets(token)).status).toBe(200);
	expect((await send(sandbox.url, 'GET', '/api/v1/encoders', { token })).status).toBe(200);
	expect((await listDatasets(token)).status).toBe(429);
});

test('the control route takes the limit and refuses one that is not a whole number of at least 1', async () => {
	const set = await send(sandbox.url, 'PUT', '/__sandbox/faults', { json: { rateLimitPerSecond: 3 } });
	expect(set.status).toBe(200);
	expect(set.body.faults).toEqual({ rateLimitPerSecond: 3 });
	expect((await send(sandbox.url, 'PUT', '/__sandbox/faults', { json: { rateLimitPerSecond: 0 } })).status).toBe(422);
	expect((await send(sandbox.url, 'PUT', '/__sandbox/faults', { json: { rateLimitPerSecond: 1.5 } })).status).toBe(422);
	expect(() => sandbox.setFaults({ rateLimitPerSecond: 0 })).toThrow(RangeError);
	const cleared = await send(sandbox.url, 'DELETE', '/__sandbox/faults');
	expect(cleared.body.stats).toMatchObject({ throttled: 0 });
});
