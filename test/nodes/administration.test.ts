/* Dev-only: the Administration node through n8n's engine against the sandbox over real HTTP. */
import type { IDataObject } from 'n8n-workflow';

import { SEED_CLIENTS, seedClientSecret, seedUserId } from '../../sandbox/administration/model';
import { DEMO_USER_ID } from '../../sandbox/seed';
import { SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../sandbox/server';
import { loginWithClientCredentials } from '../sandbox/helpers';
import { TYPES, useTestBed, visibleText } from './setup';
import { byId, byName, fromList, locator } from '../support/locators';

const bed = useTestBed();
const type = TYPES.administration;
const { demoImages: IMAGES, demoVideos: VIDEOS } = SEED_DATASET_IDS;
const ANA = seedUserId('ana.costa@example.com');
const BASE = '/api/v1/auth-management';

const run = (resource: string, parameters: IDataObject, inputItems?: IDataObject[], continueOnFail = false) =>
	bed.harness.runNode({ type, parameters: { resource, ...parameters }, inputItems, continueOnFail });
const sent = (method: string, path: string) =>
	bed.apiRequests().filter((request) => request.method === method && request.path === path);
const role = (roleId: string, dataset?: { mode: string; value: string }) => ({
	roleId: fromList(roleId),
	...(dataset ? { datasetId: dataset } : {}),
});
const admin = () => bed.sandbox.store.administration;

describe('User', () => {
	test('Get Many, Return All: every page of 100 (offset and limit), every user once', async () => {
		for (let i = 0; i < 150; i++)
			admin().addUser({
				name: `Bulk ${i}`,
				email: `bulk${i}@example.com`,
				createdAt: Date.parse('2026-02-01T00:00:00Z') + i,
			});
		const { items, error } = await run('user', { operation: 'getMany', returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(162);
		expect(new Set(items.map((item) => item.json.user_id)).size).toBe(162);
		expect(sent('GET', `${BASE}/users`).map((request) => request.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '99', limit: '100' },
		]);
	});

	test('Get Many with a Limit, a search, user IDs as repeated keys and roles', async () => {
		const { items } = await run('user', {
			operation: 'getMany',
			returnAll: false,
			limit: 1,
			filters: { search: ' costa ', userIds: `${ANA}, ${DEMO_USER_ID}`, includeRoles: true },
		});
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ user_id: ANA, roles: expect.any(Array) }),
		]);
		const [request] = sent('GET', `${BASE}/users`);
		expect(request.query).toEqual({
			query: 'costa',
			user_ids: [ANA, DEMO_USER_ID],
			include_roles: 'true',
			offset: '0',
			limit: '1',
		});
	});

	test('Remove By Email: the address looked up (in any case), then the user removed; {deleted: true, id}', async () => {
		const { items, error } = await run('user', {
			operation: 'remove',
			userId: locator('email', 'Ana.Costa@Example.com'),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ deleted: true, id: ANA });
		expect(admin().users.has(ANA)).toBe(false);
		expect(sent('DELETE', `${BASE}/users/${encodeURIComponent(ANA)}`)).toHaveLength(1);
	});

	test('Remove: an email no user has is refused naming the parameter and item; an unknown ID is a 404 naming the user', async () => {
		const missing = await run('user', { operation: 'remove', userId: locator('email', 'nobody@example.com') });
		expect(missing.error?.message).toBe(
			'Invalid User in item 0: no user of the organization has the email "nobody@example.com"',
		);
		expect(missing.error?.description).toMatch(/invitation, not a user/);
		const unknown = await run('user', { operation: 'remove', userId: byId('auth0|nobody') });
		expect(unknown.error?.message).toMatch(/^User not found/);
	});

	test('Update Roles, System Roles scope: only the system roles replaced, the dataset role kept', async () => {
		const { items, error } = await run('user', {
			operation: 'updateRoles',
			userId: fromList(ANA),
			rolesScope: 'system',
			roles: { role: [role('admin')] },
		});
		expect(error).toBeUndefined();
		expect(sent('PUT', `${BASE}/users/${encodeURIComponent(ANA)}/roles`)[0].body).toEqual({
			roles: [{ role_id: 'admin' }],
			roles_context: 'system',
		});
		expect(items[0].json.roles).toEqual([
			{ role_id: 'editor', resource: 'dataset', resource_instance: IMAGES },
			{ role_id: 'admin', resource: null, resource_instance: null },
		]);
	});

	test("Update Roles, One Dataset scope (By Name): a role without a dataset is on the scope's dataset", async () => {
		const { items, error } = await run('user', {
			operation: 'updateRoles',
			userId: byId(ANA),
			rolesScope: 'dataset',
			datasetId: byName(SEED_DATASET_NAMES.demoVideos),
			roles: { role: [role('viewer')] },
		});
		expect(error).toBeUndefined();
		expect(sent('PUT', `${BASE}/users/${encodeURIComponent(ANA)}/roles`)[0].body).toEqual({
			roles: [{ role_id: 'viewer', resource: 'dataset', resource_instance: VIDEOS }],
			roles_context: `dataset:${VIDEOS}`,
		});
		expect(items[0].json.roles).toContainEqual({ role_id: 'viewer', resource: 'dataset', resource_instance: VIDEOS });
	});

	test("Update Roles, All Roles: each role's dataset read From List, By ID or By Name", async () => {
		const { error } = await run('user', {
			operation: 'updateRoles',
			userId: byId(ANA),
			rolesScope: 'all',
			roles: {
				role: [role('member'), role('editor', byName(SEED_DATASET_NAMES.demoImages)), role('viewer', byId(VIDEOS))],
			},
		});
		expect(error).toBeUndefined();
		expect(admin().users.get(ANA)?.roles).toEqual([
			{ role_id: 'member', resource: null, resource_instance: null },
			{ role_id: 'editor', resource: 'dataset', resource_instance: IMAGES },
			{ role_id: 'viewer', resource: 'dataset', resource_instance: VIDEOS },
		]);
	});

	test("Update Roles: a role the organization does not offer is the service's 422, naming the role", async () => {
		const { error } = await run('user', {
			operation: 'updateRoles',
			userId: byId(ANA),
			roles: { role: [{ roleId: byId('owner') }] },
		});
		expect(error?.message).toMatch(/rejected the request as invalid: roles\.0: Value error, unknown role 'owner'/);
	});
});

describe('Role', () => {
	test("Get Many: all, a dataset's (roles_context), with a Limit", async () => {
		const all = await run('role', { operation: 'getMany', returnAll: true });
		expect(all.items.map((item) => item.json.role_id)).toEqual(['admin', 'member', 'editor', 'viewer']);
		const dataset = await run('role', {
			operation: 'getMany',
			rolesScope: 'dataset',
			datasetId: fromList(IMAGES),
			returnAll: false,
			limit: 1,
		});
		expect(dataset.items.map((item) => item.json.role_id)).toEqual(['editor']);
		expect(sent('GET', `${BASE}/roles`).map((request) => request.query)).toEqual([
			{},
			{ roles_context: `dataset:${IMAGES}` },
		]);
	});
});

describe('Invitation', () => {
	test('Create from rows (a sheet): one invitation per item, paired, with its roles', async () => {
		const rows = [
			{ name: 'Nora Lind', email: 'nora.lind@example.com', role: 'member' },
			{ name: 'Omar Haddad', email: 'omar.haddad@example.com', role: 'admin' },
		];
		const { items, error } = await run(
			'invitation',
			{
				operation: 'create',
				name: '={{ $json.name }}',
				email: '={{ $json.email }}',
				roles: { role: [{ roleId: byId('={{ $json.role }}') }] },
			},
			rows,
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.invitee, item.pairedItem])).toEqual([
			[
				{
					email: 'nora.lind@example.com',
					name: 'Nora Lind',
					roles: [{ role_id: 'member', resource: null, resource_instance: null }],
				},
				{ item: 0 },
			],
			[
				{
					email: 'omar.haddad@example.com',
					name: 'Omar Haddad',
					roles: [{ role_id: 'admin', resource: null, resource_instance: null }],
				},
				{ item: 1 },
			],
		]);
		expect(sent('POST', `${BASE}/user-invitations`).map((request) => request.body)).toEqual(
			expect.arrayContaining([{ name: 'Nora Lind', email: 'nora.lind@example.com', roles: [{ role_id: 'member' }] }]),
		);
	});

	test('Create: a row whose email is not one fails alone with Continue On Fail, before any request for it', async () => {
		const { items } = await run(
			'invitation',
			{ operation: 'create', name: '={{ $json.name }}', email: '={{ $json.email }}' },
			[
				{ name: 'Good', email: 'good@example.com' },
				{ name: 'Bad', email: 'bad at example.com' },
			],
			true,
		);
		expect(items[0].json.invitee).toMatchObject({ email: 'good@example.com' });
		expect(items[1].json).toEqual({
			error: 'Invalid Email in item 1: "bad at example.com" is not an email address',
			description: expect.any(String),
		});
		expect(sent('POST', `${BASE}/user-invitations`)).toHaveLength(1);
	});

	test('Create whose answer was lost: the invitation is found among the pending ones and is the output; none is sent twice', async () => {
		bed.sandbox.setFaults({ dropAfterRate: 1, maxFaults: 1, paths: [`${BASE}/user-invitations`] });
		const { items, error } = await run('invitation', {
			operation: 'create',
			name: 'Lost Answer',
			email: 'lost@example.com',
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			invitee: { email: 'lost@example.com' },
			invitation_id: expect.stringMatching(/^uinv_/),
		});
		expect(sent('POST', `${BASE}/user-invitations`)).toHaveLength(1);
		expect(
			[...admin().invitations.values()].filter((invitation) => invitation.email === 'lost@example.com'),
		).toHaveLength(1);
	});

	test('Get, Get Many (Return All over pages of 100) and Delete', async () => {
		const rows = Array.from({ length: 120 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@example.com` }));
		const created = await run(
			'invitation',
			{ operation: 'create', name: '={{ $json.name }}', email: '={{ $json.email }}' },
			rows,
		);
		expect(created.items).toHaveLength(120);
		bed.sandbox.clearRequestLog();
		const many = await run('invitation', { operation: 'getMany', returnAll: true });
		expect(many.items).toHaveLength(122);
		expect(sent('GET', `${BASE}/user-invitations`)).toHaveLength(2);
		const id = String(many.items[5].json.invitation_id);
		const got = await run('invitation', { operation: 'get', invitationId: fromList(id) });
		expect(got.items[0].json).toEqual(many.items[5].json);
		const deleted = await run('invitation', { operation: 'delete', invitationId: byId(id) });
		expect(deleted.items[0].json).toEqual({ deleted: true, id });
		const again = await run('invitation', { operation: 'get', invitationId: byId(id) });
		expect(again.error?.message).toMatch(/^Invitation not found/);
	});
});

describe('System Credential', () => {
	test('Create: the one output with the client secret; roles sent; the new credential logs in', async () => {
		const { items, error } = await run('systemCredential', {
			operation: 'create',
			name: 'ci-bot',
			roles: { role: [role('viewer', fromList(IMAGES))] },
		});
		expect(error).toBeUndefined();
		const created = items[0].json;
		expect(created).toEqual({
			client_id: expect.any(String),
			client_secret: expect.stringMatching(/^sbx_cs_/),
			name: 'ci-bot',
			roles: [{ role_id: 'viewer', resource: 'dataset', resource_instance: IMAGES }],
		});
		expect(sent('POST', `${BASE}/clients`)[0].body).toEqual({
			name: 'ci-bot',
			roles: [{ role_id: 'viewer', resource: 'dataset', resource_instance: IMAGES }],
		});
		expect(
			(await loginWithClientCredentials(bed.sandbox, String(created.client_id), String(created.client_secret))).status,
		).toBe(200);
		expect(visibleText(bed.harness.logs)).not.toContain(String(created.client_secret));
	});

	test('Create: no role is refused unless Full Access is chosen, which sends none', async () => {
		const refused = await run('systemCredential', { operation: 'create', name: 'x' });
		expect(refused.error?.message).toBe('Invalid Roles in item 0: no role was added');
		expect(bed.apiRequests()).toHaveLength(0);
		const full = await run('systemCredential', { operation: 'create', name: 'everything', access: 'full' });
		expect(full.items[0].json).toMatchObject({ name: 'everything', roles: [] });
		expect(sent('POST', `${BASE}/clients`)[0].body).toEqual({ name: 'everything' });
	});

	test('Create whose answer was lost: not sent again; the error says the secret cannot be shown and how to clean up', async () => {
		bed.sandbox.setFaults({ dropAfterRate: 1, maxFaults: 1, paths: [`${BASE}/clients`] });
		const { items, error } = await run('systemCredential', { operation: 'create', name: 'lost-bot', access: 'full' });
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'No answer came back for creating the system credential "lost-bot"; it may have been created, and its client secret cannot be shown again',
		);
		expect(error?.description).toMatch(
			/Look for "lost-bot" with System Credential › Get Many: if it is listed, nobody has its secret, so delete it/,
		);
		expect(sent('POST', `${BASE}/clients`)).toHaveLength(1);
		const made = [...admin().clients.values()].find((client) => client.name === 'lost-bot')!;
		expect(visibleText(items, error, bed.harness.logs)).not.toContain(made.secret);
	});

	test('Get, Get Many and Update never show a secret, even from a service that sends it', async () => {
		admin().echoSecrets = true;
		const secrets = [SEED_CLIENTS.ingestion.id, SEED_CLIENTS.reporting.id].map(seedClientSecret);
		const get = await run('systemCredential', { operation: 'get', clientId: fromList(SEED_CLIENTS.ingestion.id) });
		expect(get.items[0].json).toMatchObject({ client_id: SEED_CLIENTS.ingestion.id, client_secret: '[redacted]' });
		const many = await run('systemCredential', { operation: 'getMany', returnAll: true });
		expect(many.items.map((item) => item.json.client_secret)).toEqual(['[redacted]', '[redacted]']);
		const update = await run('systemCredential', {
			operation: 'update',
			clientId: byId(SEED_CLIENTS.reporting.id),
			updateFields: { name: 'reports' },
		});
		expect(update.items[0].json).toMatchObject({ name: 'reports', client_secret: '[redacted]' });
		const shown = visibleText(get.items, many.items, update.items, bed.harness.logs);
		for (const secret of secrets) expect(shown).not.toContain(secret);
	});

	test('Update keeping the roles: they are read and sent back, so a rename never grants full access', async () => {
		const { items } = await run('systemCredential', {
			operation: 'update',
			clientId: byId(SEED_CLIENTS.ingestion.id),
			updateFields: { name: 'renamed' },
		});
		expect(items[0].json).toMatchObject({
			name: 'renamed',
			roles: [{ role_id: 'editor', resource: 'dataset', resource_instance: IMAGES }],
		});
		expect(sent('GET', `${BASE}/clients/${SEED_CLIENTS.ingestion.id}`)).toHaveLength(1);
		expect(sent('PUT', `${BASE}/clients/${SEED_CLIENTS.ingestion.id}`)[0].body).toEqual({
			name: 'renamed',
			roles: [{ role_id: 'editor', resource: 'dataset', resource_instance: IMAGES }],
		});
	});

	test('Update replacing the system roles (scope), and Full Access (no roles)', async () => {
		const id = SEED_CLIENTS.ingestion.id;
		const replaced = await run('systemCredential', {
			operation: 'update',
			clientId: byId(id),
			rolesChange: 'replace',
			rolesScope: 'system',
			roles: { role: [role('member')] },
		});
		expect(replaced.items[0].json.roles).toEqual([
			{ role_id: 'editor', resource: 'dataset', resource_instance: IMAGES },
			{ role_id: 'member', resource: null, resource_instance: null },
		]);
		expect(sent('PUT', `${BASE}/clients/${id}`)[0].body).toEqual({
			roles: [{ role_id: 'member' }],
			roles_context: 'system',
		});
		const full = await run('systemCredential', { operation: 'update', clientId: byId(id), rolesChange: 'full' });
		expect(full.items[0].json.roles).toEqual([]);
		expect(sent('PUT', `${BASE}/clients/${id}`)[1].body).toEqual({ roles: [] });
	});

	test('Update with nothing to change is refused before any request', async () => {
		const { error } = await run('systemCredential', { operation: 'update', clientId: byId(SEED_CLIENTS.ingestion.id) });
		expect(error?.message).toBe('Invalid Update Fields in item 0: nothing to change was given');
		expect(bed.apiRequests()).toHaveLength(0);
	});

	test('Delete: {deleted: true, id}; the credential no longer logs in; then a 404 naming the system credential', async () => {
		const id = SEED_CLIENTS.ingestion.id;
		const { items } = await run('systemCredential', { operation: 'delete', clientId: byId(id) });
		expect(items[0].json).toEqual({ deleted: true, id });
		expect((await loginWithClientCredentials(bed.sandbox, id, seedClientSecret(id))).status).toBe(401);
		const again = await run('systemCredential', { operation: 'get', clientId: byId(id) });
		expect(again.error?.message).toMatch(/^System credential not found/);
	});
});

describe('From List', () => {
	test('users (searched by the service), invitations, system credentials and roles (matched here)', async () => {
		const users = await bed.harness.runListSearch({ type, method: 'searchUsers', filter: 'costa' });
		expect(users.results).toEqual([{ name: 'Ana Costa (ana.costa@example.com)', value: ANA }]);
		expect(sent('GET', `${BASE}/users`)[0].query).toMatchObject({ query: 'costa' });
		const invitations = await bed.harness.runListSearch({ type, method: 'searchInvitations', filter: 'mateo' });
		expect(invitations.results).toEqual([
			expect.objectContaining({ name: 'Mateo Ruiz <mateo.ruiz@example.com>', value: expect.stringMatching(/^uinv_/) }),
		]);
		admin().echoSecrets = true;
		const clients = await bed.harness.runListSearch({ type, method: 'searchSystemCredentials', filter: 'REPORT' });
		expect(clients.results).toEqual([
			{
				name: 'weekly-reporting',
				value: SEED_CLIENTS.reporting.id,
				description: `${SEED_CLIENTS.reporting.id}, full access`,
			},
		]);
		expect(JSON.stringify(clients)).not.toContain(seedClientSecret(SEED_CLIENTS.reporting.id));
		const roles = await bed.harness.runListSearch({ type, method: 'searchRoles', filter: 'dataset' });
		expect(roles.results.map((result) => result.value)).toEqual(['editor', 'viewer']);
	});
});
