import { accessToken, send, useSandbox } from './helpers';

/* The sandbox's switchable faults: each kind, its determinism, and that faults never touch control routes. */

const { sandbox } = useSandbox();

const listDatasets = (token: string) => send(sandbox.url, 'GET', '/api/v1/datasets', { token });
const createDataset = (token: string, name: string) =>
	send(sandbox.url, 'POST', '/api/v1/datasets', { token, json: { name, encoder_name: 'resnet-50' } });

async function outcomes(token: string, count: number): Promise<string[]> {
	const seen: string[] = [];
	for (let i = 0; i < count; i++) {
		try {
			seen.push(String((await listDatasets(token)).status));
		} catch {
			seen.push('dropped');
		}
	}
	return seen;
}

test('with no plan nothing is faulted', async () => {
	const token = await accessToken(sandbox);
	expect(await outcomes(token, 20)).toEqual(Array(20).fill('200'));
	expect(sandbox.faultStats().faultable).toBe(0);
});

test('a share of 5xx answers: never processed, logged with the fault, and the same sequence for the same seed', async () => {
	const token = await accessToken(sandbox);
	sandbox.setFaults({ errorRate: 0.3, seed: 7 });
	const first = await outcomes(token, 200);
	const failed = first.filter((status) => status !== '200');
	expect(failed.length).toBeGreaterThan(30);
	expect(failed.length).toBeLessThan(90);
	expect(new Set(failed)).toEqual(new Set(['502', '503', '504']));
	expect(sandbox.requests.filter((r) => r.fault === 'status')).toHaveLength(failed.length);

	sandbox.setFaults({ errorRate: 0.3, seed: 7 });
	expect(await outcomes(token, 200)).toEqual(first);
});

test('a faulted POST is not carried out', async () => {
	const token = await accessToken(sandbox);
	sandbox.setFaults({ errorRate: 1, errorStatuses: [503] });
	expect((await createDataset(token, 'never_made')).status).toBe(503);
	sandbox.clearFaults();
	const list = await listDatasets(token);
	expect(JSON.stringify(list.body)).not.toContain('never_made');
});

test('429 bursts carry Retry-After and last the burst length', async () => {
	const token = await accessToken(sandbox);
	sandbox.setFaults({ rateLimitRate: 1, rateLimitBurst: 3, retryAfterSeconds: 2 });
	const reply = await listDatasets(token);
	expect(reply.status).toBe(429);
	expect(reply.headers['retry-after']).toBe('2');
	sandbox.setFaults({ rateLimitRate: 0.05, rateLimitBurst: 4, seed: 3 });
	const seen = await outcomes(token, 300);
	const runs = seen
		.join(',')
		.split(/,?200,?/)
		.filter(Boolean);
	expect(runs.length).toBeGreaterThan(0);
	for (const run of runs) expect(run.split(',').length % 4).toBe(0);
});

test('a connection dropped before processing leaves no trace; dropped after processing, the work is done', async () => {
	const token = await accessToken(sandbox);
	sandbox.setFaults({ dropBeforeRate: 1 });
	await expect(createDataset(token, 'dropped_before')).rejects.toThrow();
	sandbox.setFaults({ dropAfterRate: 1 });
	await expect(createDataset(token, 'dropped_after')).rejects.toThrow();
	sandbox.clearFaults();
	const names = JSON.stringify((await listDatasets(token)).body);
	expect(names).not.toContain('dropped_before');
	expect(names).toContain('dropped_after');
	expect(sandbox.requests.map((r) => r.fault).filter(Boolean)).toEqual(['drop-before', 'drop-after']);
});

test('slow answers arrive, late', async () => {
	const token = await accessToken(sandbox);
	sandbox.setFaults({ slowRate: 1, slowMs: 150 });
	const started = Date.now();
	expect((await listDatasets(token)).status).toBe(200);
	expect(Date.now() - started).toBeGreaterThanOrEqual(140);
	expect(sandbox.faultStats().slow).toBe(1);
});

test('token revocation mid-run: every Nth request finds the access token revoked', async () => {
	const token = await accessToken(sandbox);
	sandbox.setFaults({ revokeTokensEvery: 3 });
	const statuses = [];
	for (let i = 0; i < 3; i++) statuses.push((await listDatasets(token)).status);
	expect(statuses).toEqual([200, 200, 401]);
	const fresh = await accessToken(sandbox);
	expect((await listDatasets(fresh)).status).toBe(200);
});

test('login and control routes are not faulted unless asked; paths narrow the faults', async () => {
	sandbox.setFaults({ errorRate: 1 });
	const token = await accessToken(sandbox);
	expect((await send(sandbox.url, 'GET', '/__sandbox/stats')).status).toBe(200);
	sandbox.setFaults({ errorRate: 1, paths: ['/api/v1/encoders'] });
	expect((await listDatasets(token)).status).toBe(200);
	expect((await send(sandbox.url, 'GET', '/api/v1/encoders', { token })).status).toBeGreaterThanOrEqual(500);
});

test('the control route sets, reads and clears a plan, and refuses a bad one', async () => {
	expect((await send(sandbox.url, 'PUT', '/__sandbox/faults', { json: { errorRate: 2 } })).status).toBe(422);
	expect((await send(sandbox.url, 'PUT', '/__sandbox/faults', { json: { errorRate: 0.5, seed: 2 } })).status).toBe(200);
	const read = await send(sandbox.url, 'GET', '/__sandbox/faults');
	expect(read.body).toMatchObject({ faults: { errorRate: 0.5, seed: 2 } });
	const cleared = await send(sandbox.url, 'DELETE', '/__sandbox/faults');
	expect(cleared.body).toMatchObject({ cleared: true });
	expect((await send(sandbox.url, 'GET', '/__sandbox/faults')).body).toMatchObject({ faults: null });
});

test('maxFaults stops injecting after that many faults', async () => {
	const token = await accessToken(sandbox);
	sandbox.setFaults({ errorRate: 1, maxFaults: 2 });
	expect(await outcomes(token, 4)).toEqual(['503', '502', '200', '200'].map(() => expect.any(String)));
	expect(sandbox.faultStats().status).toBe(2);
	expect((await listDatasets(token)).status).toBe(200);
});
