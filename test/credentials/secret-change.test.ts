/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets --
	Development code (tests), never published: the n8n Cloud rules for node code do not apply. */
/* Dev-only (issue 30, item 9): the saved access token belongs to the secret and Base URL it came from. An edited
 * credential logs in again, in runs and in the Test; the Test says why a token is refused in the package's words. */
import { MediaAnalysisApi } from '../../credentials/MediaAnalysisApi.credentials';
import { credentialFingerprint } from '../../credentials/login';
import { DEMO_PERSONAL_TOKEN, SEED_DATASET_IDS } from '../../sandbox/server';
import { startHostile } from '../reliability/hostile/server';
import { SECRETS, TYPES, useTestBed, visibleText } from '../nodes/setup';
import { byId } from '../support/locators';
import { createCredentialTester } from './credential-tester';

const bed = useTestBed();
const getDataset = () =>
	bed.harness.runNode({
		type: TYPES.datasets,
		parameters: { resource: 'dataset', operation: 'get', datasetId: byId(SEED_DATASET_IDS.demoImages) },
	});
const logins = () => bed.sandbox.requests.filter((r) => r.path === '/api/v0/login');
const stored = () => bed.harness.credentials.get('mediaAnalysisApi') ?? {};
/** What Save does with an edited field: the form's value, the hidden fields (access token and its hash) kept. */
const edit = (changes: Record<string, string>) =>
	bed.harness.credentials.set('mediaAnalysisApi', { ...stored(), ...changes });
const WRONG = 'not-the-personal-token-Vb7Kq2';
const REFUSED =
	'The Media Analysis Service rejected the personal token: generate a new one in the Coactive app (app.coactive.ai → your name → Settings → Credentials)';

describe('runs', () => {
	test('the access token is saved with a hash of what it was obtained with, never the secret itself', async () => {
		expect((await getDataset()).error).toBeUndefined();
		const saved = stored();
		expect(saved.accessTokenFor).toBe(credentialFingerprint(saved));
		expect(saved.accessTokenFor).toMatch(/^[0-9a-f]{64}$/);
		expect(JSON.stringify(bed.harness.credentials.updates)).not.toContain(`"accessTokenFor":"${DEMO_PERSONAL_TOKEN}`);
	});

	test('a personal token edited to a wrong value: the next run logs in with it and says it is refused; the old access token is never sent again', async () => {
		expect((await getDataset()).error).toBeUndefined();
		const sentBefore = bed.apiRequests().length;
		edit({ personalToken: WRONG });

		const { error, items } = await getDataset();
		expect(error?.message).toBe(REFUSED);
		expect(error?.description).toMatch(/Generate a new personal token/);
		expect(bed.apiRequests()).toHaveLength(sentBefore);
		expect(logins().at(-1)?.status).toBe(401);
		expect(visibleText(error, items, bed.harness.logs)).not.toContain(WRONG);
	});

	test('a personal token edited to another valid one: one login with it, then runs reuse its token', async () => {
		expect((await getDataset()).error).toBeUndefined();
		const first = stored().accessToken;
		const other = 'other-personal-token-for-the-demo-user-Zr4Tn8';
		bed.sandbox.store.addPersonalToken(other);
		edit({ personalToken: other });

		expect((await getDataset()).error).toBeUndefined();
		expect(logins()).toHaveLength(2);
		expect(stored().accessToken).not.toBe(first);
		expect(stored().accessTokenFor).toBe(credentialFingerprint(stored()));
		expect((await getDataset()).error).toBeUndefined();
		expect(logins()).toHaveLength(2);
		// Every API request carried a token the sandbox accepted: none went out with the token of the old secret.
		expect(bed.apiRequests().every((r) => r.status === 200)).toBe(true);
	});

	test('system credentials edited to a wrong secret are refused at the next run, with the words for system credentials', async () => {
		bed.useCredential('systemCredentials');
		expect((await getDataset()).error).toBeUndefined();
		edit({ clientSecret: 'not-the-client-secret-Yq3' });
		const { error } = await getDataset();
		expect(error?.message).toBe(
			'The Media Analysis Service rejected the client ID and client secret: check both in the credential, or ask a system administrator to confirm or regenerate them',
		);
	});

	test('a changed Base URL: the token of the old host is never sent to the new one; n8n logs in there', async () => {
		expect((await getDataset()).error).toBeUndefined();
		const oldToken = String(stored().accessToken);
		const other = await startHostile('token-of-the-other-host-Pw2');
		try {
			other.handle = (_req, res) => res.writeHead(404).end();
			edit({ baseUrl: other.url });
			await getDataset();
			expect(other.seen.map((seen) => `${seen.method} ${seen.path}`)[0]).toBe('POST /api/v0/login');
			expect(other.seen.every((seen) => !JSON.stringify(seen.headers).includes(oldToken))).toBe(true);
			expect(
				other.seen.slice(1).every((seen) => seen.headers.authorization === 'Bearer token-of-the-other-host-Pw2'),
			).toBe(true);
		} finally {
			await other.close();
		}
	});

	test('a token saved before its hash was (an older version of the package): one login, then as usual', async () => {
		expect((await getDataset()).error).toBeUndefined();
		edit({ accessTokenFor: '' });
		expect((await getDataset()).error).toBeUndefined();
		expect(logins()).toHaveLength(2);
		expect((await getDataset()).error).toBeUndefined();
		expect(logins()).toHaveLength(2);
	});
});

describe('the Test button (Save and Retry)', () => {
	const api = new MediaAnalysisApi();
	const form = () => ({
		baseUrl: bed.sandbox.url,
		authentication: 'personalToken',
		personalToken: DEMO_PERSONAL_TOKEN,
		clientId: '',
		clientSecret: '',
	});

	test('a right token: "Connection successful!" and the token saved with its hash', async () => {
		const tester = createCredentialTester(api);
		tester.store.set('mediaAnalysisApi', form());
		expect(await tester.test()).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(logins()).toHaveLength(1);
		const saved = tester.store.get('mediaAnalysisApi') ?? {};
		expect(saved.accessToken).not.toBe('');
		expect(saved.accessTokenFor).toBe(credentialFingerprint(saved));
	});

	test('a new credential with a wrong token: the package\'s own reason and where to get a new one, not n8n\'s "Authorization failed"', async () => {
		const tester = createCredentialTester(api);
		tester.store.set('mediaAnalysisApi', { ...form(), personalToken: WRONG });
		const result = await tester.test();
		expect(result).toEqual({ status: 'Error', message: REFUSED });
		expect(JSON.stringify(result)).not.toContain(WRONG);
	});

	test('a saved credential edited to a wrong token fails the Test, though its saved access token still works', async () => {
		const tester = createCredentialTester(api);
		tester.store.set('mediaAnalysisApi', form());
		expect((await tester.test()).status).toBe('OK');
		expect(await tester.test({ personalToken: WRONG })).toEqual({ status: 'Error', message: REFUSED });
	});

	test("wrong system credentials, and a host that does not answer, in the package's words", async () => {
		const tester = createCredentialTester(api);
		tester.store.set('mediaAnalysisApi', {
			...form(),
			authentication: 'systemCredentials',
			clientId: SECRETS[1],
			clientSecret: 'wrong-secret-Hj2',
		});
		expect(await tester.test()).toEqual({
			status: 'Error',
			message:
				'The Media Analysis Service rejected the client ID and client secret: check both in the credential, or ask a system administrator to confirm or regenerate them',
		});
		const closed = await startHostile('unused');
		const url = closed.url;
		await closed.close();
		expect(await tester.test({ ...form(), baseUrl: url })).toEqual({
			status: 'Error',
			message: `Could not reach the Media Analysis Service at ${new URL(url).host} (connection refused)`,
		});
	});
});
