import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteTerm from './delete.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations = { create, delete: deleteTerm, getMany, update };

export const description = resourceDescription('term', operations, {
	options: [
		{
			name: 'Create',
			value: 'create',
			description: 'Add a genre, mood, subject or format term that predictions can name',
			action: 'Create a vocabulary term',
		},
		{ name: 'Delete', value: 'delete', description: 'Delete a vocabulary term', action: 'Delete a vocabulary term' },
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List the vocabulary terms of one type',
			action: 'Get many vocabulary terms',
		},
		{
			name: 'Update',
			value: 'update',
			description: 'Change the name, description or examples of a term',
			action: 'Update a vocabulary term',
		},
	],
	default: 'getMany',
});
