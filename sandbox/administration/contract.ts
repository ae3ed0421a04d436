import { check, fields, ge, gt, minLength, type Rules } from '../contract';
import { isSoftDeleted } from '../datasets/model';
import { HttpError } from '../http';
import type { SandboxStore } from '../store';
import { ROLE_DEFINITIONS, type RoleGrant } from './model';

/** The most records one page of users or invitations holds, whatever `limit` asks for (assumed, as for datasets). */
export const MAX_PAGE_SIZE = 100;

/**
 * Assumed: the service checks an address as pydantic's EmailStr does (the document types it as a plain string). The
 * message is pydantic's.
 */
const emailAddress = check((email: string) =>
	/^[^\s@,;<>()[\]"]+@[^\s@,;<>()[\]"]+\.[^\s@,;<>()[\]".]+$/.test(email)
		? undefined
		: `value is not a valid email address: ${email.includes('@') ? 'The part after the @-sign is not valid.' : 'An email address must have an @-sign.'}`,
);

/** Offset pages: offset at least 0, limit above 0 (assumed, as the datasets and connections lists check). */
const pages = { offset: [ge(0)], limit: [gt(0)] };

export const listUsers = { query: (query) => fields(query, pages) } satisfies Rules<'list-users'>;
export const listInvitations = { query: (query) => fields(query, pages) } satisfies Rules<'list-invitations'>;

/** Assumed: names are not empty (a display name of nothing would show as nothing). */
export const createInvitation = {
	body: (body) => fields(body, { name: [minLength(1)], email: [emailAddress] }),
} satisfies Rules<'create-invitation'>;
export const createClient = {
	body: (body) => fields(body, { name: [minLength(1)] }),
} satisfies Rules<'create-credentials'>;
export const updateClient = {
	body: (body) => fields(body, { name: [minLength(1)] }),
} satisfies Rules<'update-credentials'>;

/** The role a grant names as the sandbox stores it; refused with a 422 at `loc` when the organization has no such grant. */
export function checkedGrant(
	store: SandboxStore,
	grant: { role_id: string; resource?: string | null; resource_instance?: string | null },
	loc: Array<string | number>,
): RoleGrant {
	const refuse = (message: string): never => {
		throw new HttpError(422, [{ loc, msg: `Value error, ${message}`, type: 'value_error', input: grant }]);
	};
	const definition = ROLE_DEFINITIONS.find((role) => role.role_id === grant.role_id);
	if (!definition)
		refuse(
			`unknown role '${grant.role_id}'; Role › Get Many lists ${ROLE_DEFINITIONS.map((role) => role.role_id).join(', ')}`,
		);
	const resource = grant.resource ?? null;
	const instance = grant.resource_instance ?? null;
	if (definition!.resource === null) {
		if (resource !== null || instance !== null) refuse(`'${grant.role_id}' is a system role: it takes no resource`);
		return { role_id: grant.role_id, resource: null, resource_instance: null };
	}
	if (resource !== definition!.resource)
		refuse(`'${grant.role_id}' is a ${definition!.resource} role: resource must be '${definition!.resource}'`);
	const dataset = instance === null ? undefined : store.datasets.get(instance);
	if (!dataset || isSoftDeleted(dataset))
		refuse(
			`'${grant.role_id}' needs the dataset it applies to: resource_instance ${instance === null ? 'is missing' : `'${instance}' is not a dataset`}`,
		);
	return { role_id: grant.role_id, resource: 'dataset', resource_instance: instance };
}

/** A `roles_context`: every role (none given), the system roles, or the roles on one dataset. */
export type RolesContext = { kind: 'all' } | { kind: 'system' } | { kind: 'dataset'; datasetId: string };

/** Reads a `roles_context` ('system' or 'dataset:<id>'); anything else is a 422 at `loc`. */
export function readContext(
	store: SandboxStore,
	context: string | null | undefined,
	loc: Array<string | number>,
): RolesContext {
	if (context === null || context === undefined) return { kind: 'all' };
	if (context === 'system') return { kind: 'system' };
	const match = /^dataset:(.+)$/.exec(context);
	const dataset = match ? store.datasets.get(match[1]) : undefined;
	if (!match)
		throw new HttpError(422, [
			{
				loc,
				msg: "Value error, roles_context is 'system' or 'dataset:<dataset_id>'",
				type: 'value_error',
				input: context,
			},
		]);
	if (!dataset || isSoftDeleted(dataset))
		throw new HttpError(422, [
			{
				loc,
				msg: `Value error, dataset '${match[1]}' of roles_context is not a dataset`,
				type: 'value_error',
				input: context,
			},
		]);
	return { kind: 'dataset', datasetId: match[1] };
}

/** Whether a grant is within a context (what a replacement in that context replaces). */
export function inContext(grant: RoleGrant, context: RolesContext): boolean {
	if (context.kind === 'all') return true;
	if (context.kind === 'system') return grant.resource === null;
	return grant.resource === 'dataset' && grant.resource_instance === context.datasetId;
}

/**
 * The grants after replacing those in `context` with `roles` (checked, each within the context: a role outside it is
 * a 422 at its place in `field`).
 */
export function replaceInContext(
	store: SandboxStore,
	current: RoleGrant[],
	roles: Array<{ role_id: string; resource?: string | null; resource_instance?: string | null }>,
	context: RolesContext,
	field = 'roles',
): RoleGrant[] {
	const checked = roles.map((role, index) => {
		const grant = checkedGrant(store, role, ['body', field, index]);
		if (!inContext(grant, context)) {
			throw new HttpError(422, [
				{
					loc: ['body', field, index],
					msg: 'Value error, the role is outside roles_context',
					type: 'value_error',
					input: role,
				},
			]);
		}
		return grant;
	});
	return [...current.filter((grant) => !inContext(grant, context)), ...checked];
}
