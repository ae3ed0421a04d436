import { resourceDescription } from '../../../shared/resourceOperations';
import * as getCandidates from './getCandidates.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations = { getCandidates, getMany, update };

export const description = resourceDescription('label', operations, {
	options: [
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List the labels of a concept',
			action: 'Get many labels of a concept',
		},
		{
			name: 'Get Many Candidates',
			value: 'getCandidates',
			description: 'Get the images and keyframes whose labels would improve the concept most',
			action: 'Get many candidates to label for a concept',
		},
		{
			name: 'Update',
			value: 'update',
			description: 'Add, overwrite or remove labels of a concept',
			action: 'Update labels of a concept',
		},
	],
	default: 'getMany',
});
