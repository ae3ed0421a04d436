import { resourceDescription } from '../../../shared/resourceOperations';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

export const operations = { get, getMany };

export const description = resourceDescription('table', operations, {
	options: [
		{
			name: 'Get',
			value: 'get',
			description: 'Get the schema of a table a query can read',
			action: 'Get a table',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List the tables a query over a dataset can read',
			action: 'Get many tables',
		},
	],
	default: 'getMany',
});
