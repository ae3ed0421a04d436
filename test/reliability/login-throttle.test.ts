/* A throttled or failing login (issue 30, item 3), through n8n's engine: one shared wait per credential, then one
 * login, however many items need it; a wait longer than a run waits fails at once and keeps others from logging in. */
import { sleep } from 'n8n-workflow';

import { LOGIN_LIMITS, sharedLoginsHeld } from '../../credentials/login';
import { MediaAnalysisDatasets } from '../../nodes/MediaAnalysisDatasets/MediaAnalysisDatasets.node';
import { RETRY } from '../../nodes/shared/transport';
import { TYPES } from '../nodes/setup';
import { byId } from '../support/locators';
import { idOf, useHostileBed, useLimits, uuid } from './hostile/bed';
import { json } from './hostile/server';

const ACCESS = 'throttle-access-token-Lq3Vd8';
const { harness, api, useCredential } = useHostileBed({
	nodes: { datasets: new MediaAnalysisDatasets() },
	access: ACCESS,
	personalToken: 'throttle-personal-token',
});

let personalToken = '';
let counter = 0;
beforeEach(() => {
	api.handle = (_req, res, seen) => json(res, 200, { id: idOf(seen.path), name: 'a dataset' });
	// A personal token of its own per test: nothing of another test's logins is shared.
	personalToken = `throttle-personal-token-${++counter}`;
	useCredential({ personalToken });
});

const run = (count = 60, cancelSignal?: AbortSignal) =>
	harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'get', datasetId: byId('={{ $json.id }}') },
		inputItems: Array.from({ length: count }, (_, i) => ({ id: uuid(i) })),
		cancelSignal,
	});
const logins = () => api.seen.filter((seen) => seen.path === '/api/v0/login');

/** The login answers `status` (with `headers`) the first `times` times, then a token. */
function throttleLogin(times: number, status: number, headers: Record<string, string> = {}) {
	let refused = 0;
	api.login = (_req, res) =>
		refused++ < times
			? json(res, status, { detail: 'Too many requests' }, headers)
			: json(res, 200, { access_token: ACCESS, token_type: 'Bearer', expires_in: 3600 });
}

test('429 with Retry-After 2 while 60 items start: every item waits for it, then one login serves them all', async () => {
	throttleLogin(1, 429, { 'retry-after': '2' });
	const started = Date.now();
	const { error, items } = await run();
	expect(error).toBeUndefined();
	expect(items).toHaveLength(60);
	expect(logins()).toHaveLength(2);
	const [first, second] = logins();
	expect(second.at - first.at).toBeGreaterThanOrEqual(1900);
	expect(Date.now() - started).toBeLessThan(10_000);
	expect(api.seen.filter((seen) => seen.path !== '/api/v0/login')).toHaveLength(60);
});

describe('the back-off, shortened to 200 ms (the default is 1 s, checked in hostile.test.ts)', () => {
	const firstMs = 200;
	useLimits(LOGIN_LIMITS.throttle, { firstBackOffMs: firstMs });

	test('503 without Retry-After, twice in a row: a short back-off that doubles, three logins in all', async () => {
		throttleLogin(2, 503);
		const { error, items } = await run();
		expect(error).toBeUndefined();
		expect(items).toHaveLength(60);
		const at = logins().map((seen) => seen.at);
		expect(at).toHaveLength(3);
		expect(at[1] - at[0]).toBeGreaterThanOrEqual(firstMs - 10);
		expect(at[2] - at[1]).toBeGreaterThanOrEqual(2 * firstMs - 10);
	});
});

test("a login throttled on every try: three logins (after 1 s, then 2 s), then the items fail with the throttle's words and no login for a minute", async () => {
	throttleLogin(1000, 429, { 'retry-after': '1' });
	const started = Date.now();
	const { error } = await run();
	expect(Date.now() - started).toBeLessThan(8000);
	expect(error?.message).toBe(`The Media Analysis Service at ${api.host} is limiting how fast logins can be made`);
	expect(error?.description).toMatch(
		/^The service refused 3 logins in a row, so n8n tries no other for 60 seconds\. Run again after that\./,
	);
	expect(logins()).toHaveLength(LOGIN_LIMITS.throttle.inARow);
	expect((await run(5)).error?.message).toBe(error?.message);
	expect(logins()).toHaveLength(LOGIN_LIMITS.throttle.inARow);
});

test('a Retry-After longer than a run waits: the run fails at once saying so, and the next run does not log in before it', async () => {
	throttleLogin(1, 429, { 'retry-after': '120' });
	const started = Date.now();
	const { error } = await run(10);
	expect(Date.now() - started).toBeLessThan(5000);
	expect(error?.message).toBe(`The Media Analysis Service at ${api.host} is limiting how fast logins can be made`);
	expect(error?.description).toMatch(/asked to wait 120 seconds before the next login/);
	const again = await run(10);
	expect(again.error?.message).toBe(error?.message);
	expect(logins()).toHaveLength(1);
});

test("a cancel while the login waits out a throttle's last second: the run ends at once; that wait (at most waitInsideMs) goes on, and no login comes after it", async () => {
	// n8n hands a credential's login no cancel signal: the attempt that waits on the login is abandoned, the login is not.
	const { attempts } = RETRY;
	Object.assign(RETRY, { attempts: 1 });
	throttleLogin(1, 429, { 'retry-after': '1' });
	// One try: the run fails on the throttle and leaves its 1 s to the next login of the credential, which waits it out.
	expect((await run(1)).error?.message).toBe(
		`The Media Analysis Service at ${api.host} is limiting how fast logins can be made`,
	);
	Object.assign(RETRY, { attempts });
	const stop = new AbortController();
	const running = run(3, stop.signal);
	await sleep(200);
	expect(logins()).toHaveLength(1);
	stop.abort();
	const cancelledAt = Date.now();
	const { error } = await running;
	expect(Date.now() - cancelledAt).toBeLessThan(500);
	expect(error?.message).toMatch(/: the execution was cancelled$/);
	await sleep(LOGIN_LIMITS.throttle.waitInsideMs + 500);
	// Logins of the login already under way (one on a quiet machine, two seen under load), none after its second.
	const after = logins().filter((seen) => seen.at >= cancelledAt);
	for (const seen of after) expect(seen.at - cancelledAt).toBeLessThan(LOGIN_LIMITS.throttle.waitInsideMs + 250);
	expect(api.seen.filter((seen) => seen.path !== '/api/v0/login')).toHaveLength(0);
});

test('a refused login is not throttled: the next run logs in again at once', async () => {
	throttleLogin(1, 401);
	expect((await run(5)).error?.message).toBe(
		'The Media Analysis Service rejected the personal token: generate a new one in the Coactive app (app.coactive.ai → your name → Settings → Credentials)',
	);
	expect((await run(5)).error).toBeUndefined();
	expect(logins()).toHaveLength(2);
});

test('logins are held by a hash of the credential, at most LOGIN_LIMITS.maxShared of them, and let go when done', async () => {
	const saved = { ...LOGIN_LIMITS };
	Object.assign(LOGIN_LIMITS, { maxShared: 5 });
	try {
		for (let i = 0; i < 8; i++) {
			useCredential({ personalToken: `${personalToken}-${i}` });
			expect((await run(1)).error).toBeUndefined();
		}
		const held = sharedLoginsHeld();
		expect(held.length).toBeLessThanOrEqual(5);
		expect(held.join()).not.toContain(personalToken);
		expect(held.every((key) => /^[0-9a-f]{64}/.test(key))).toBe(true);
	} finally {
		Object.assign(LOGIN_LIMITS, saved);
	}
	// A token without expires_in is shared only while its login is in flight: nothing is kept once it is done.
	api.login = (_req, res) => json(res, 200, { access_token: ACCESS });
	useCredential({ personalToken: `${personalToken}-x` });
	const before = sharedLoginsHeld().length;
	expect((await run(1)).error).toBeUndefined();
	expect(sharedLoginsHeld()).toHaveLength(before);
});
