import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteCredential from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations = { create, delete: deleteCredential, get, getMany, update };

export const description = resourceDescription('systemCredential', operations, {
	options: [
		{
			name: 'Create',
			value: 'create',
			description: 'Create a client ID and secret for an automation; the secret is shown once',
			action: 'Create a system credential',
		},
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete a system credential and revoke its tokens',
			action: 'Delete a system credential',
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get a system credential (never its secret)',
			action: 'Get a system credential',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List the system credentials (never their secrets)',
			action: 'Get many system credentials',
		},
		{
			name: 'Update',
			value: 'update',
			description: 'Rename a system credential or change its roles',
			action: 'Update a system credential',
		},
	],
	default: 'getMany',
});
