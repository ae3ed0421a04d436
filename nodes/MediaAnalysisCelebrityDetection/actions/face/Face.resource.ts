import { resourceDescription } from '../../../shared/resourceOperations';
import * as getMany from './getMany.operation';

export const operations = { getMany };

export const description = resourceDescription('face', operations, {
	options: [
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List the faces detected of a person in ingested images',
			action: 'Get many faces of a person',
		},
	],
	default: 'getMany',
});
