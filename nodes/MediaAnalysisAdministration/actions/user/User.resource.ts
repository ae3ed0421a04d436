import { resourceDescription } from '../../../shared/resourceOperations';
import * as getMany from './getMany.operation';
import * as remove from './remove.operation';
import * as updateRoles from './updateRoles.operation';

export const operations = { getMany, remove, updateRoles };

export const description = resourceDescription('user', operations, {
	options: [
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List the users of the organization',
			action: 'Get many users',
		},
		{
			name: 'Remove',
			value: 'remove',
			description: 'Remove a user from the organization',
			action: 'Remove a user from the organization',
		},
		{
			name: 'Update Roles',
			value: 'updateRoles',
			description: "Replace a user's roles",
			action: 'Update roles of a user',
		},
	],
	default: 'getMany',
});
