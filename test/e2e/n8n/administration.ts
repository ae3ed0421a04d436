/*
 * Media Analysis Administration in the shared n8n: its 13 operations in one workflow against the sandbox (each node's
 * output checked against what the sandbox then holds), the client secret of the system credential it creates in that
 * one node's output and nowhere else of the saved execution nor n8n's log; and examples/invite-users-from-a-list.json,
 * which invites the rows of a sheet that are not invited yet.
 */
import { SEED_CLIENTS, seedUserId } from '../../../sandbox/administration/model';
import { SEED_DATASET_IDS, SEED_DATASET_NAMES } from '../../../sandbox/server';
import { loadExamples, sandboxCredential } from '../../../scripts/n8n-runtime/examples';
import { nodeOutput, type WorkflowJson } from '../../../scripts/n8n-runtime/instance';
import { PACKAGE_NAME } from '../../../scripts/n8n-runtime/package';
import { EXAMPLE_CHECKS } from '../example-checks';
import type { Scenario } from './shared';
import { byId, byName, fromList, locator } from '../../support/locators';

export const ADMINISTRATION_EXAMPLE = 'invite-users-from-a-list.json';
const example = loadExamples().find((candidate) => candidate.file === ADMINISTRATION_EXAMPLE);

const ANA = seedUserId('ana.costa@example.com');
const IMAGES = SEED_DATASET_IDS.demoImages;
const credentials = { mediaAnalysisApi: { id: sandboxCredential('').id, name: sandboxCredential('').name } };
const viewerOnImages = { role: [{ roleId: fromList('viewer'), datasetId: byName(SEED_DATASET_NAMES.demoImages) }] };

/** Every operation, in a chain; each node runs once (Execute Once), whatever the node before gave. */
const STEPS: Array<[string, string, string, Record<string, unknown>]> = [
	['Get Roles', 'role', 'getMany', { returnAll: true }],
	['Get Users', 'user', 'getMany', { returnAll: true, filters: { search: 'costa', includeRoles: true } }],
	[
		'Update User Roles',
		'user',
		'updateRoles',
		{
			userId: byId("={{ $('Get Users').first().json.user_id }}"),
			rolesScope: 'system',
			roles: { role: [{ roleId: byId('admin') }] },
		},
	],
	[
		'Create Invitation',
		'invitation',
		'create',
		{ email: 'e2e.invitee@example.com', name: 'E2E Invitee', roles: viewerOnImages },
	],
	[
		'Get Invitation',
		'invitation',
		'get',
		{ invitationId: byId("={{ $('Create Invitation').first().json.invitation_id }}") },
	],
	['Get Invitations', 'invitation', 'getMany', { returnAll: true }],
	[
		'Delete Invitation',
		'invitation',
		'delete',
		{ invitationId: byId("={{ $('Create Invitation').first().json.invitation_id }}") },
	],
	['Create System Credential', 'systemCredential', 'create', { name: 'e2e-bot', roles: viewerOnImages }],
	[
		'Get System Credential',
		'systemCredential',
		'get',
		{ clientId: byId("={{ $('Create System Credential').first().json.client_id }}") },
	],
	['Get System Credentials', 'systemCredential', 'getMany', { returnAll: true }],
	[
		'Update System Credential',
		'systemCredential',
		'update',
		{
			clientId: byId("={{ $('Create System Credential').first().json.client_id }}"),
			updateFields: { name: 'e2e-bot-renamed' },
		},
	],
	[
		'Delete System Credential',
		'systemCredential',
		'delete',
		{ clientId: byId("={{ $('Create System Credential').first().json.client_id }}") },
	],
	['Remove User', 'user', 'remove', { userId: locator('email', 'ana.costa@example.com') }],
];

const OPERATIONS_WORKFLOW: WorkflowJson = {
	id: 'maE2eAdminOps001',
	name: 'e2e: every Administration operation',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'ad-start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		...STEPS.map(([name, resource, operation, parameters], index) => ({
			id: `ad-${index}`,
			name,
			type: `${PACKAGE_NAME}.mediaAnalysisAdministration`,
			typeVersion: 1,
			position: [220 * (index + 1), 0] as [number, number],
			executeOnce: true,
			parameters: { resource, operation, ...parameters },
			credentials,
		})),
	],
	connections: Object.fromEntries(
		['Start', ...STEPS.map(([name]) => name)]
			.slice(0, -1)
			.map((name, index) => [name, { main: [[{ node: STEPS[index][0], type: 'main', index: 0 }]] }]),
	),
};

export const administrationScenario: Scenario = {
	workflows: () => [OPERATIONS_WORKFLOW, ...(example ? [example.workflow] : [])],
	register(n8n) {
		describe('Administration in n8n', () => {
			beforeAll(() => n8n.fresh());

			test(
				'every operation of the node runs in n8n against the sandbox; the client secret shows once, in its create',
				async () => {
					const { sandbox, server } = n8n;
					sandbox.clearRequestLog();
					const execution = await n8n.run(OPERATIONS_WORKFLOW);
					const one = (node: string) => {
						const items = nodeOutput(execution, node);
						expect({ node, items: items.length }).toEqual({ node, items: 1 });
						return items[0];
					};
					expect(nodeOutput(execution, 'Get Roles').map((role) => role.role_id)).toEqual([
						'admin',
						'member',
						'editor',
						'viewer',
					]);
					expect(nodeOutput(execution, 'Get Users').map((user) => user.user_id)).toEqual([ANA]);
					expect(one('Update User Roles').roles).toEqual([
						{ role_id: 'editor', resource: 'dataset', resource_instance: IMAGES },
						{ role_id: 'admin', resource: null, resource_instance: null },
					]);
					const invitation = one('Create Invitation');
					expect(invitation).toMatchObject({
						invitee: { email: 'e2e.invitee@example.com' },
						roles: [{ role_id: 'viewer', resource: 'dataset', resource_instance: IMAGES }],
					});
					expect(one('Get Invitation')).toEqual(invitation);
					expect(nodeOutput(execution, 'Get Invitations').map((pending) => pending.invitation_id)).toContain(
						invitation.invitation_id,
					);
					expect(one('Delete Invitation')).toEqual({ deleted: true, id: invitation.invitation_id });

					const client = one('Create System Credential');
					const secret = String(client.client_secret);
					expect(secret).toMatch(/^sbx_cs_/);
					expect(one('Get System Credential')).toEqual({ ...client, client_secret: '' });
					const listed = nodeOutput(execution, 'Get System Credentials');
					expect(listed.map((entry) => entry.client_id)).toEqual([
						SEED_CLIENTS.ingestion.id,
						SEED_CLIENTS.reporting.id,
						client.client_id,
					]);
					expect(one('Update System Credential')).toEqual({ ...client, client_secret: '', name: 'e2e-bot-renamed' });
					expect(one('Delete System Credential')).toEqual({ deleted: true, id: client.client_id });
					expect(one('Remove User')).toEqual({ deleted: true, id: ANA });

					// The service holds what the workflow did.
					const { administration } = sandbox.store;
					expect(administration.users.has(ANA)).toBe(false);
					expect(administration.invitations.has(String(invitation.invitation_id))).toBe(false);
					expect(administration.clients.has(String(client.client_id))).toBe(false);
					// The secret: in the saved execution once (the create's output), never in n8n's log.
					expect(JSON.stringify(execution.run).split(secret).length - 1).toBe(1);
					expect(server.logs).not.toContain(secret);

					// Each endpoint reached (with 2xx): the 13 operations, Update's read of the roles it keeps and the lookups
					// of a dataset and an email by name.
					const calls = new Set(
						sandbox.requests
							.filter((request) => request.path.startsWith('/api/v1/auth-management/'))
							.map(
								(request) =>
									`${request.method} ${request.path.replace(/\/auth-management\/(\w[\w-]*)\/.+?(\/roles)?$/, '/auth-management/$1/:id$2')} ${request.status}`,
							),
					);
					expect([...calls].sort()).toEqual(
						[
							'DELETE /api/v1/auth-management/clients/:id 200',
							'DELETE /api/v1/auth-management/user-invitations/:id 200',
							'DELETE /api/v1/auth-management/users/:id 200',
							'GET /api/v1/auth-management/clients 200',
							'GET /api/v1/auth-management/clients/:id 200',
							'GET /api/v1/auth-management/roles 200',
							'GET /api/v1/auth-management/user-invitations 200',
							'GET /api/v1/auth-management/user-invitations/:id 200',
							'GET /api/v1/auth-management/users 200',
							'POST /api/v1/auth-management/clients 201',
							'POST /api/v1/auth-management/user-invitations 201',
							'PUT /api/v1/auth-management/clients/:id 200',
							'PUT /api/v1/auth-management/users/:id/roles 200',
						].sort(),
					);
				},
				5 * 60_000,
			);

			test(
				`examples/${ADMINISTRATION_EXAMPLE}: the rows of a sheet not invited yet are invited, each with its role`,
				async () => {
					if (!example) throw new Error(`examples/${ADMINISTRATION_EXAMPLE} is gone`);
					n8n.fresh();
					const execution = await n8n.run(example.workflow);
					EXAMPLE_CHECKS[ADMINISTRATION_EXAMPLE](execution, n8n.sandbox);
				},
				5 * 60_000,
			);
		});
	},
};
