/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only: the credential's login and token refresh through n8n's engine, against the sandbox. */
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import type { IDataObject } from 'n8n-workflow';
import { createServer } from 'node:net';

import { MediaAnalysisApi } from '../../credentials/MediaAnalysisApi.credentials';
import { setTokenLifetime } from '../../sandbox/auth';
import { DEMO_PERSONAL_TOKEN, SEED_DATASET_IDS } from '../../sandbox/server';
import { SECRETS, TYPES, useTestBed, visibleText } from '../nodes/setup';
import { byId } from '../support/locators';

const bed = useTestBed();
const getDataset = (inputItems?: IDataObject[]) =>
	bed.harness.runNode({
		type: TYPES.datasets,
		parameters: {
			resource: 'dataset',
			operation: 'get',
			datasetId: byId('={{ $json.id }}'),
		},
		inputItems: inputItems ?? [{ id: SEED_DATASET_IDS.demoImages }],
	});
const logins = () => bed.sandbox.requests.filter((r) => r.path === '/api/v0/login');

test('the first call logs in once; later calls and later executions reuse the token', async () => {
	const first = await getDataset([{ id: SEED_DATASET_IDS.demoImages }, { id: SEED_DATASET_IDS.demoVideos }]);
	expect(first.error).toBeUndefined();
	expect(logins()).toHaveLength(1);
	expect(logins()[0]).toMatchObject({ method: 'POST', authScheme: 'bearer', body: { grant_type: 'refresh_token' } });
	const stored = bed.harness.credentials.get('mediaAnalysisApi');
	expect(stored?.accessToken).toEqual(expect.any(String));
	expect(stored?.accessToken).not.toBe('');

	const second = await getDataset();
	expect(second.error).toBeUndefined();
	expect(logins()).toHaveLength(1);
	expect(bed.apiRequests()).toHaveLength(3);
	expect(bed.apiRequests().every((r) => r.authScheme === 'bearer' && r.status === 200)).toBe(true);
});

test('system credentials log in with HTTP Basic and the client_credentials grant', async () => {
	bed.useCredential('systemCredentials');
	const { error, items } = await getDataset();
	expect(error).toBeUndefined();
	expect(items[0].json.id).toBe(SEED_DATASET_IDS.demoImages);
	expect(logins()).toEqual([
		expect.objectContaining({ authScheme: 'basic', body: { grant_type: 'client_credentials' } }),
	]);
});

test('a token the service expires mid-run is refreshed with exactly one login and the request succeeds', async () => {
	await getDataset();
	expect(logins()).toHaveLength(1);
	const before = bed.harness.credentials.get('mediaAnalysisApi')?.accessToken;
	bed.sandbox.expireAccessTokens();

	const { error, items } = await getDataset([
		{ id: SEED_DATASET_IDS.demoImages },
		{ id: SEED_DATASET_IDS.demoVideos },
		{ id: SEED_DATASET_IDS.demoMixed },
	]);
	expect(error).toBeUndefined();
	expect(items).toHaveLength(3);
	expect(logins()).toHaveLength(2);
	const after = bed.harness.credentials.get('mediaAnalysisApi')?.accessToken;
	expect(after).not.toBe(before);
	// The three items run side by side: each meets the expired token once, one login serves all, then each succeeds.
	const [first, ...run] = bed.apiRequests().map((r) => r.status);
	expect(first).toBe(200);
	expect([...run].sort()).toEqual([200, 200, 200, 401, 401, 401]);
});

test('executions refused at once share one login, and one still holding the expired token takes the new one', async () => {
	await getDataset();
	const expired = bed.harness.credentials.get('mediaAnalysisApi')?.accessToken;
	bed.sandbox.expireAccessTokens();

	// Five executions of this process run into the expiry together (a queue-mode worker runs several at once).
	const runs = await Promise.all(Array.from({ length: 5 }, () => getDataset()));
	expect(runs.map((run) => run.error)).toEqual(Array(5).fill(undefined));
	expect(logins()).toHaveLength(2);
	const renewed = bed.harness.credentials.get('mediaAnalysisApi')?.accessToken;
	expect(renewed).not.toBe(expired);

	// An execution that read the credential before the refresh still sends the expired token: refused once, it is
	// given the token just obtained, without a login.
	bed.harness.credentials.set('mediaAnalysisApi', {
		...bed.harness.credentials.get('mediaAnalysisApi'),
		accessToken: expired ?? '',
	});
	expect((await getDataset()).error).toBeUndefined();
	expect(logins()).toHaveLength(2);

	// The token just obtained is refused too (revoked): that refresh logs in anew.
	bed.sandbox.expireAccessTokens();
	expect((await getDataset()).error).toBeUndefined();
	expect(logins()).toHaveLength(3);
});

test('a login refused while executions wait on it fails each of them, and is not kept: the next run logs in again', async () => {
	await getDataset();
	bed.sandbox.expireAccessTokens();
	bed.sandbox.revokePersonalToken(DEMO_PERSONAL_TOKEN);
	const refused = await Promise.all(Array.from({ length: 3 }, () => getDataset()));
	expect(refused.map((run) => run.error?.message)).toEqual(
		Array(3).fill(
			'The Media Analysis Service rejected the personal token: generate a new one in the Coactive app (app.coactive.ai → your name → Settings → Credentials)',
		),
	);
	const loginsWhileRefused = logins().length;
	expect(loginsWhileRefused).toBeLessThanOrEqual(4); // the first login and at most one per refused execution

	// The user generates a new token (here: the same one accepted again); nothing of the failure is kept.
	bed.sandbox.store.personalTokens.get(DEMO_PERSONAL_TOKEN)!.revoked = false;
	const again = await getDataset();
	expect(again.error).toBeUndefined();
	expect(logins()).toHaveLength(loginsWhileRefused + 1);
});

test('a token just obtained is handed on only in the first half of its lifetime (expires_in), never past it', async () => {
	setTokenLifetime(bed.sandbox.store, 1); // expires_in 1: handed on for half a second at most
	await getDataset();
	const first = bed.harness.credentials.get('mediaAnalysisApi')?.accessToken ?? '';
	bed.sandbox.expireAccessTokens();
	expect((await getDataset()).error).toBeUndefined();
	expect(logins()).toHaveLength(2);
	await new Promise((resolve) => setTimeout(resolve, 600));
	// An execution still holding the first token, after the window: it logs in itself instead of taking a token that
	// may have expired meanwhile.
	bed.harness.credentials.set('mediaAnalysisApi', {
		...bed.harness.credentials.get('mediaAnalysisApi'),
		accessToken: first,
	});
	expect((await getDataset()).error).toBeUndefined();
	expect(logins()).toHaveLength(3);
});

test('the one-hour lifetime: after an hour on the service clock the next run logs in once more', async () => {
	await getDataset();
	bed.sandbox.clock.advance(3600 * 1000 + 1);
	const { error } = await getDataset();
	expect(error).toBeUndefined();
	expect(logins()).toHaveLength(2);
});

test('a revoked personal token fails with an explanation and no secret anywhere', async () => {
	await getDataset();
	bed.sandbox.revokePersonalToken(DEMO_PERSONAL_TOKEN);
	const { error, items } = await getDataset();
	expect(error?.message).toBe(
		'The Media Analysis Service rejected the personal token: generate a new one in the Coactive app (app.coactive.ai → your name → Settings → Credentials)',
	);
	expect(error?.description).toMatch(/30 days without use or 3 months after creation/);
	expect(error?.description).toMatch(/Generate a new personal token/);
	const seen = visibleText(error, items, bed.harness.logs);
	for (const secret of [...SECRETS, String(bed.harness.credentials.get('mediaAnalysisApi')?.accessToken)]) {
		expect(seen).not.toContain(secret);
	}
});

test('wrong system credentials say who can issue them', async () => {
	bed.useCredential('systemCredentials', { clientSecret: 'not-the-right-secret-value-0000' });
	const { error } = await getDataset();
	expect(error?.message).toBe(
		'The Media Analysis Service rejected the client ID and client secret: check both in the credential, or ask a system administrator to confirm or regenerate them',
	);
	expect(error?.description).toMatch(/Only system administrators can issue system credentials/);
	expect(visibleText(error, bed.harness.logs)).not.toContain('not-the-right-secret-value-0000');
	expect(bed.apiRequests()).toHaveLength(0);
});

test('an unreachable host is named in the error', async () => {
	const port = await new Promise<number>((resolve) => {
		const server = createServer();
		server.listen(0, '127.0.0.1', () => {
			const { port: free } = server.address() as { port: number };
			server.close(() => resolve(free));
		});
	});
	bed.useCredential('personalToken', { baseUrl: `http://127.0.0.1:${port}` });
	const { error } = await getDataset();
	expect(error?.message).toBe(`Could not reach the Media Analysis Service at 127.0.0.1:${port} (connection refused)`);
	expect(error?.description).toMatch(/Check the Base URL/);
});

test('the field help says where a personal token comes from and what system credentials are', () => {
	const help = Object.fromEntries(
		new MediaAnalysisApi().properties.map((property) => [property.name, property.description ?? '']),
	);
	expect(help.personalToken).toMatch(
		/^Generate one in the Coactive app: app\.coactive\.ai → your name \(top right\) → Settings → Credentials/,
	);
	expect(help.clientId).toMatch(
		/identify your organization .* Only a Media Analysis system administrator can issue them/,
	);
	expect(help.clientSecret).toMatch(/system administrator/);
});
