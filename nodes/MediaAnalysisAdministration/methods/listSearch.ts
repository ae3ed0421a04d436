import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { Run } from '../../shared/run';

import { listEndpoint } from '../../shared/endpoints';
import { listSearchMethod } from '../../shared/methods/pagedListSearch';

/** "From list" for users: the service searches names and emails for the text typed. */
export const searchUsers = listSearchMethod<'admin.listUsers'>({
	list: listEndpoint('admin.listUsers'),
	serverFilter: (text) => (text?.trim() ? { query: text.trim() } : {}),
	toResults: (user) => ({ name: user.email ? `${user.name} (${user.email})` : user.name, value: user.user_id }),
});

/**
 * "From list" for pending invitations. The service has no text filter, so the text is matched here (email, name,
 * ID), reading up to five pages per call while it matches too little.
 */
export const searchInvitations = listSearchMethod<'admin.listInvitations'>({
	list: listEndpoint('admin.listInvitations'),
	matches: (invitation, text) =>
		[invitation.invitee?.email, invitation.invitee?.name, invitation.invitation_id]
			.join(' ')
			.toLowerCase()
			.includes(text),
	toResults: (invitation) => ({
		name: `${invitation.invitee?.name ?? 'Someone'} <${invitation.invitee?.email ?? 'no email'}>`,
		value: invitation.invitation_id,
		description: `Expires ${invitation.expires_at ?? 'at an unknown time'}`,
	}),
	scan: { maxPages: 5, enough: 50 },
});

/** The entries of a list the service answers whole, matching the text typed (any part of the fields, any case). */
function matching<T extends IDataObject>(
	records: T[],
	filter: string | undefined,
	fields: (record: T) => unknown[],
): T[] {
	const text = filter?.trim().toLowerCase();
	return text ? records.filter((record) => fields(record).join(' ').toLowerCase().includes(text)) : records;
}

const roleCount = (roles: unknown) =>
	Array.isArray(roles) && roles.length > 0 ? `${roles.length} role${roles.length === 1 ? '' : 's'}` : 'full access';

/** "From list" for system credentials (answered whole): by name, never with a secret. */
export async function searchSystemCredentials(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const clients = await new Run(this).call('admin.listCredentials');
	const results: INodeListSearchItems[] = matching(clients, filter, (client) => [client.name, client.client_id]).map(
		(client) => ({
			name: String(client.name ?? client.client_id),
			value: String(client.client_id),
			description: `${String(client.client_id)}, ${roleCount(client.roles)}`,
		}),
	);
	return { results };
}

/** "From list" for roles (answered whole): every role that can be given, saying whether it is a dataset role. */
export async function searchRoles(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const { roles } = await new Run(this).call('admin.listRoles');
	const results: INodeListSearchItems[] = matching(roles, filter, (role) => [role.name, role.role_id]).map((role) => ({
		name: String(role.name ?? role.role_id),
		value: String(role.role_id),
		description: `${role.resource ? `A ${String(role.resource)} role` : 'A system role'} (${String(role.role_id)})${role.description ? `: ${String(role.description)}` : ''}`,
	}));
	return { results };
}
