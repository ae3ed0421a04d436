import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteDataset from './delete.operation';
import * as get from './get.operation';
import * as getConfig from './getConfig.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations = { create, delete: deleteDataset, get, getConfig, getMany, update };

export const description = resourceDescription('dataset', operations, {
	options: [
		{ name: 'Create', value: 'create', description: 'Create a dataset', action: 'Create a dataset' },
		{ name: 'Delete', value: 'delete', description: 'Soft-delete a dataset', action: 'Delete a dataset' },
		{ name: 'Get', value: 'get', description: 'Get a dataset', action: 'Get a dataset' },
		{
			name: 'Get Config',
			value: 'getConfig',
			description: 'Get the configuration of a dataset',
			action: 'Get the configuration of a dataset',
		},
		{ name: 'Get Many', value: 'getMany', description: 'List datasets', action: 'Get many datasets' },
		{ name: 'Update', value: 'update', description: 'Update a dataset', action: 'Update a dataset' },
	],
	default: 'getMany',
});
