/* Dev-only: the sandbox's administration routes (users, roles, invitations, system credentials) answer as the document says. */
import { SEED_CLIENTS, seedClientSecret, seedUserId } from '../../sandbox/administration/model';
import { DEMO_USER_ID } from '../../sandbox/seed';
import { SEED_DATASET_IDS } from '../../sandbox/server';
import { loginWithClientCredentials, send, useSandbox } from './helpers';

const { sandbox, api, login } = useSandbox({ client: true });
const BASE = '/api/v1/auth-management';
const put = (path: string, json: unknown) => send(sandbox.url, 'PUT', path, { token: api.token, json });

const ANA = seedUserId('ana.costa@example.com');
const IMAGES = SEED_DATASET_IDS.demoImages;

describe('users', () => {
	test('a page with PagedMeta; roles only when asked for; search by name or email; user_ids as repeated keys', async () => {
		const page = await api.get(`${BASE}/users?limit=5`);
		expect(page.status).toBe(200);
		expect(page.body.users).toHaveLength(5);
		expect(page.body.users[0]).toEqual({
			user_id: DEMO_USER_ID,
			name: 'Demo Admin',
			email: 'demo.admin@example.com',
			picture: null,
			created_at: expect.any(String),
			last_login: expect.any(String),
		});
		expect(page.body.meta.page).toEqual({ current_page: 1, last_page: 3, limit: 5, offset: 0, total: 12 });
		expect(page.body.meta.links).toMatchObject({ prev: null, next: `${BASE}/users?limit=5&offset=5` });
		const withRoles = await api.get(`${BASE}/users?query=COSTA&include_roles=true`);
		expect(withRoles.body.users.map((user: { user_id: string }) => user.user_id)).toEqual([ANA]);
		expect(withRoles.body.users[0].roles).toEqual([
			{ role_id: 'member', resource: null, resource_instance: null },
			{ role_id: 'editor', resource: 'dataset', resource_instance: IMAGES },
		]);
		const byIds = await api.get(`${BASE}/users?user_ids=${encodeURIComponent(ANA)}&user_ids=${DEMO_USER_ID}`);
		expect(byIds.body.users).toHaveLength(2);
		expect((await api.get(`${BASE}/users?limit=0`)).status).toBe(422);
	});

	test('update roles: replaced within the context only; a role that does not exist, or outside the context, is a 422', async () => {
		const path = `${BASE}/users/${encodeURIComponent(ANA)}/roles`;
		const system = await put(path, { roles: [{ role_id: 'admin' }], roles_context: 'system' });
		expect(system.status).toBe(200);
		expect(system.body.roles).toEqual([
			{ role_id: 'editor', resource: 'dataset', resource_instance: IMAGES },
			{ role_id: 'admin', resource: null, resource_instance: null },
		]);
		const all = await put(path, { roles: [{ role_id: 'viewer', resource: 'dataset', resource_instance: IMAGES }] });
		expect(all.body.roles).toEqual([{ role_id: 'viewer', resource: 'dataset', resource_instance: IMAGES }]);
		const unknown = await put(path, { roles: [{ role_id: 'owner' }] });
		expect(unknown.status).toBe(422);
		expect(unknown.body.detail[0]).toMatchObject({
			loc: ['body', 'roles', 0],
			type: 'value_error',
			msg: expect.stringMatching(/unknown role 'owner'/),
		});
		const outside = await put(path, { roles: [{ role_id: 'member' }], roles_context: `dataset:${IMAGES}` });
		expect(outside.status).toBe(422);
		expect((await put(path, { roles: [], roles_context: 'dataset:nope' })).status).toBe(422);
		expect((await put(`${BASE}/users/nobody/roles`, { roles: [] })).status).toBe(404);
	});

	test('remove: 200 without a body, then 404', async () => {
		const removed = await api.delete(`${BASE}/users/${encodeURIComponent(ANA)}`);
		expect({ status: removed.status, text: removed.text }).toEqual({ status: 200, text: '' });
		expect((await api.delete(`${BASE}/users/${encodeURIComponent(ANA)}`)).status).toBe(404);
	});
});

describe('roles', () => {
	test('every role, the system roles, or those of a dataset', async () => {
		const ids = async (query = '') =>
			((await api.get(`${BASE}/roles${query}`)).body.roles as Array<{ role_id: string }>).map((role) => role.role_id);
		expect(await ids()).toEqual(['admin', 'member', 'editor', 'viewer']);
		expect(await ids('?roles_context=system')).toEqual(['admin', 'member']);
		expect(await ids(`?roles_context=dataset:${IMAGES}`)).toEqual(['editor', 'viewer']);
		expect((await api.get(`${BASE}/roles?roles_context=everything`)).status).toBe(422);
	});
});

describe('invitations', () => {
	test('create (201), list the pending ones, get, delete; an address that is not one is a 422', async () => {
		const created = await api.post(`${BASE}/user-invitations`, {
			name: 'Nora Lind',
			email: 'nora.lind@example.com',
			roles: [{ role_id: 'member' }],
		});
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({
			invitation_id: expect.stringMatching(/^uinv_/),
			inviter: { name: 'Demo Admin' },
			invitee: {
				email: 'nora.lind@example.com',
				name: 'Nora Lind',
				roles: [{ role_id: 'member', resource: null, resource_instance: null }],
			},
			invitation_url: expect.stringContaining(created.body.invitation_id),
		});
		const list = await api.get(`${BASE}/user-invitations`);
		expect(
			list.body.user_invitations.map((invitation: { invitee: { email: string } }) => invitation.invitee.email),
		).toEqual(['lena.fischer@example.com', 'mateo.ruiz@example.com', 'nora.lind@example.com']);
		expect(list.body.meta.page.total).toBe(3);
		const path = `${BASE}/user-invitations/${created.body.invitation_id}`;
		expect((await api.get(path)).body).toEqual(created.body);
		expect((await api.delete(path)).status).toBe(200);
		expect((await api.get(path)).status).toBe(404);
		const bad = await api.post(`${BASE}/user-invitations`, { name: 'X', email: 'not-an-address' });
		expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'email'], type: 'value_error' });
	});

	test('an invitation past its expiry is no longer pending', async () => {
		const created = await api.post(`${BASE}/user-invitations`, { name: 'Old', email: 'old@example.com' });
		sandbox.clock.advance(8 * 24 * 3600 * 1000);
		await login();
		expect((await api.get(`${BASE}/user-invitations/${created.body.invitation_id}`)).status).toBe(404);
	});
});

describe('system credentials', () => {
	test('the secret comes once, in the create answer; the new client logs in until it is deleted', async () => {
		const created = await api.post(`${BASE}/clients`, {
			name: 'probe',
			roles: [{ role_id: 'viewer', resource: 'dataset', resource_instance: IMAGES }],
		});
		expect(created.status).toBe(201);
		const { client_id: id, client_secret: secret } = created.body;
		expect(secret).toMatch(/^sbx_cs_/);
		expect(sandbox.store.secrets()).toContain(secret);
		const read = await api.get(`${BASE}/clients/${id}`);
		expect(read.body).toEqual({ client_id: id, client_secret: '', name: 'probe', roles: created.body.roles });
		expect(JSON.stringify((await api.get(`${BASE}/clients`)).body)).not.toContain(secret);
		expect((await loginWithClientCredentials(sandbox, id, secret)).status).toBe(200);
		expect((await api.delete(`${BASE}/clients/${id}`)).status).toBe(200);
		expect((await loginWithClientCredentials(sandbox, id, secret)).status).toBe(401);
		expect((await api.get(`${BASE}/clients/${id}`)).status).toBe(404);
	});

	test('update: a name only, roles within a context, and without roles full access, as the document says', async () => {
		const path = `${BASE}/clients/${SEED_CLIENTS.ingestion.id}`;
		const renamed = await put(path, {
			name: 'renamed',
			roles: [{ role_id: 'editor', resource: 'dataset', resource_instance: IMAGES }],
		});
		expect(renamed.body).toMatchObject({ name: 'renamed', roles: [{ role_id: 'editor' }] });
		const system = await put(path, { roles: [{ role_id: 'member' }], roles_context: 'system' });
		expect(system.body.roles.map((role: { role_id: string }) => role.role_id)).toEqual(['editor', 'member']);
		expect((await put(path, { name: 'again' })).body.roles).toEqual([]);
	});

	test('a careless service (echoSecrets) answers the secret everywhere and quotes it in errors', async () => {
		sandbox.store.administration.echoSecrets = true;
		const secret = seedClientSecret(SEED_CLIENTS.ingestion.id);
		const path = `${BASE}/clients/${SEED_CLIENTS.ingestion.id}`;
		expect((await api.get(path)).body.client_secret).toBe(secret);
		const refused = await put(path, { roles: [{ role_id: 'owner' }] });
		expect(refused.status).toBe(422);
		expect(refused.text.split(secret).length - 1).toBe(2);
	});
});
