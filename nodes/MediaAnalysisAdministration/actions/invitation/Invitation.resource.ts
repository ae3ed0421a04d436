import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteInvitation from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

export const operations = { create, delete: deleteInvitation, get, getMany };

export const description = resourceDescription('invitation', operations, {
	options: [
		{
			name: 'Create',
			value: 'create',
			description: 'Invite a person to join the organization by email',
			action: 'Create an invitation',
		},
		{ name: 'Delete', value: 'delete', description: 'Withdraw a pending invitation', action: 'Delete an invitation' },
		{ name: 'Get', value: 'get', description: 'Get a pending invitation', action: 'Get an invitation' },
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List the pending invitations',
			action: 'Get many invitations',
		},
	],
	default: 'getMany',
});
