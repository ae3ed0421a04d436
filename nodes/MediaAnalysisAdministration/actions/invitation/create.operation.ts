import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { callEndpoint, listEndpoint, type RequestOf } from '../../../shared/endpoints';
import { paginate } from '../../../shared/transport';
import { assertEmail, assertNotEmpty } from '../../../shared/validation';
import { readRoles, rolesProperty } from '../fields';

const properties: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'e.g. ana@example.com',
		required: true,
		default: '',
		description: 'Where the service sends the invitation',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		placeholder: 'e.g. Ana Costa',
		required: true,
		default: '',
		description: 'The name the invited person is shown by',
	},
	rolesProperty('The roles the person gets on accepting. None: the organization\'s default.'),
];

export const description = updateDisplayOptions({ show: { resource: ['invitation'], operation: ['create'] } }, properties);

/**
 * How far before the request an invitation to the same address may have been created and still be taken as its
 * result, to allow for a difference between n8n's clock and the service's.
 */
const RECOVERY_WINDOW_MS = 10 * 60 * 1000;

/**
 * For a create whose answer was lost: the pending invitation to this address made since shortly before the request
 * (the request took effect: that is its answer), or none (it did not, and the transport sends it once more). An
 * invitation to the same address a moment earlier is taken as the answer too: a second one would change nothing.
 */
function recoverInvitation(this: IExecuteFunctions, email: string, itemIndex: number): () => Promise<IDataObject | undefined> {
	const sentAt = Date.now();
	return async () => {
		const invitations = await paginate.call(this, ...listEndpoint('admin.listInvitations', { itemIndex }), { returnAll: true });
		return invitations.find((invitation) => {
			const invitee = invitation.invitee as { email?: unknown } | undefined;
			return (
				typeof invitee?.email === 'string' &&
				invitee.email.toLowerCase() === email.toLowerCase() &&
				Date.parse(String(invitation.created_at)) >= sentAt - RECOVERY_WINDOW_MS
			);
		});
	};
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const email = assertEmail.call(this, this.getNodeParameter('email', itemIndex, ''), 'Email', itemIndex);
	const name = assertNotEmpty.call(this, this.getNodeParameter('name', itemIndex, ''), 'Name', itemIndex);
	const body: RequestOf<'admin.createInvitation'> = { name, email };
	const roles = await readRoles.call(this, itemIndex);
	if (roles.length > 0) body.roles = roles;
	return await callEndpoint(this, 'admin.createInvitation', { body, recover: recoverInvitation.call(this, email, itemIndex), itemIndex });
}
