import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteConcept from './delete.operation';
import * as estimatePredictions from './estimatePredictions.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations = { create, delete: deleteConcept, estimatePredictions, get, getMany, update };

export const description = resourceDescription('concept', operations, {
	options: [
		{ name: 'Create', value: 'create', description: 'Create a concept in a dataset', action: 'Create a concept' },
		{ name: 'Delete', value: 'delete', description: 'Delete a concept and its labels', action: 'Delete a concept' },
		{
			name: 'Estimate Predictions',
			value: 'estimatePredictions',
			description: 'Estimate how many assets of the dataset show the concept, per score range',
			action: 'Estimate the predictions of a concept',
		},
		{ name: 'Get', value: 'get', description: 'Get a concept', action: 'Get a concept' },
		{ name: 'Get Many', value: 'getMany', description: 'List concepts', action: 'Get many concepts' },
		{ name: 'Update', value: 'update', description: 'Update a concept', action: 'Update a concept' },
	],
	default: 'getMany',
});
