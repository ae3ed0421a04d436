import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import { ALL, type Run } from '../../../shared/run';

import { type RequestOf } from '../../../shared/endpoints';
import { recoverRecord, type RecoverLookup, type ServiceTime } from '../../../shared/recovery';
import { readRoles, rolesProperty } from '../fields';
import { textField } from '../../../shared/descriptions';

export const option = {
	name: 'Create',
	description: 'Invite a person to join the organization by email',
	action: 'Create an invitation',
};

export const description: INodeProperties[] = [
	textField('Email', 'email', 'e.g. ana@example.com', 'Where the service sends the invitation', { required: true }),
	textField('Name', 'name', 'e.g. Ana Costa', 'The name the invited person is shown by', { required: true }),
	rolesProperty("The roles the person gets on accepting. None: the organization's default."),
];

/**
 * For a create whose answer was lost: the pending invitation to this address the service made since the request,
 * dated on its own clock (`recoverRecord`): the request took effect, and that is its answer; or none (it did not,
 * and the transport sends it once more). An invitation to the same address a moment earlier is taken as the answer
 * too: a second one would change nothing.
 */
function recoverInvitation(run: Run, email: string, itemIndex: number): RecoverLookup {
	const list = async (serviceTime: ServiceTime) =>
		await run.list('admin.listInvitations', { itemIndex, serviceTime, limit: ALL });
	const sameAddress = (invitation: IDataObject) => {
		const invitee = invitation.invitee as { email?: unknown } | undefined;
		return typeof invitee?.email === 'string' && invitee.email.toLowerCase() === email.toLowerCase();
	};
	return recoverRecord({ list, matches: sameAddress, createdAt: (invitation) => invitation.created_at });
}

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const email = item.email(item.param('email', ''), 'Email');
	const name = item.notEmpty(item.param('name', ''), 'Name');
	const body: RequestOf<'admin.createInvitation'> = { name, email };
	const { roles } = await readRoles(item);
	if (roles.length > 0) body.roles = roles;
	return await run.call('admin.createInvitation', {
		body,
		recover: recoverInvitation(run, email, itemIndex),
		itemIndex,
	});
}
