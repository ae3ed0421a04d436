import { resourceDescription } from '../../../shared/resourceOperations';
import * as get from './get.operation';
import * as getByNames from './getByNames.operation';
import * as getMany from './getMany.operation';
import * as updateAliases from './updateAliases.operation';

export const operations = { get, getByNames, getMany, updateAliases };

export const description = resourceDescription('person', operations, {
	options: [
		{ name: 'Get', value: 'get', description: 'Get an enrolled person', action: 'Get a person' },
		{ name: 'Get Many', value: 'getMany', description: 'List enrolled persons', action: 'Get many persons' },
		{
			name: 'Get Many by Names or Aliases',
			value: 'getByNames',
			description: 'Find the IDs of persons by their names or aliases',
			action: 'Get many persons by names or aliases',
		},
		{
			name: 'Update Aliases',
			value: 'updateAliases',
			description: 'Add, remove or replace the aliases of a person',
			action: 'Update the aliases of a person',
		},
	],
	default: 'get',
});
