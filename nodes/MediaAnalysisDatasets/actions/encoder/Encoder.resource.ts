import { resourceDescription } from '../../../shared/resourceOperations';
import * as getMany from './getMany.operation';

export const operations = { getMany };

export const description = resourceDescription('encoder', operations, {
	options: [
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List the encoders a dataset can use',
			action: 'Get many encoders',
		},
	],
	default: 'getMany',
});
