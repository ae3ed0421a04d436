import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, updateDisplayOptions } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { type RequestOf } from '../../../shared/endpoints';
import { notice } from '../../../shared/node';
import { readRoles, rolesProperty } from '../fields';
import { fullAccessNotice } from './fields';
import { textField } from '../../../shared/descriptions';

export const option = {
	name: 'Create',
	description: 'Create a client ID and secret for an automation; the secret is shown once',
	action: 'Create a system credential',
};

export const description: INodeProperties[] = [
	notice(
		'secretOnceNotice',
		"The client secret is in this node's output once, as the service answers it once: store it right away (for example in an n8n credential of type Media Analysis API). Get, Get Many and Update never show it, and it cannot be read again. Executions saved with their data keep this output.",
	),
	textField('Name', 'name', 'e.g. nightly-ingestion', 'A name that says which automation uses it', { required: true }),
	{
		displayName: 'Access',
		name: 'access',
		type: 'options',
		options: [
			{ name: 'Only the Roles Below', value: 'roles', description: 'The credential can do what its roles allow' },
			{ name: 'Full Access', value: 'full', description: 'No roles: everything in the organization' },
		],
		default: 'roles',
	},
	fullAccessNotice({ access: ['full'] }),
	...updateDisplayOptions({ show: { access: ['roles'] } }, [
		rolesProperty('What the credential may do: at least one role'),
	]),
];

/**
 * The one answer that carries the client secret, output as the service gave it. The table never sends this request
 * twice: a lost answer cannot be recovered, since no later answer shows the secret, and the words below say so.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const name = item.notEmpty(item.param('name', ''), 'Name');
	const body: RequestOf<'admin.createCredentials'> = { name };
	if (item.param<string>('access', 'roles') !== 'full') {
		const { roles } = await readRoles(item);
		if (roles.length === 0) {
			throw item.invalid(
				'Roles',
				'no role was added',
				'Add at least one role, or set Access to Full Access if the credential must be able to do everything.',
			);
		}
		body.roles = roles;
	}
	const created = await run.call('admin.createCredentials', {
		body,
		itemIndex,
		lostAnswer: {
			message: `No answer came back for creating the system credential "${name}"; it may have been created, and its client secret cannot be shown again`,
			description: `The service shows a client secret only in its answer to the create. Look for "${name}" with System Credential › Get Many: if it is listed, nobody has its secret, so delete it (System Credential › Delete) and create it again. Running the node again without checking leaves an unused credential behind.`,
		},
	});
	if (typeof created.client_secret !== 'string' || created.client_secret === '') {
		throw new NodeApiError(
			this.getNode(),
			{},
			{
				message: `The service created the system credential "${name}" (client ID ${created.client_id}) but answered without its client secret`,
				description: `Without the secret the credential cannot log in, and no later answer shows it. Delete it (System Credential › Delete, client ID ${created.client_id}) and create it again.`,
				itemIndex,
			},
		);
	}
	return created;
}
