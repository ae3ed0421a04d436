import { resourceDescription } from '../../../shared/resourceOperations';
import * as getMany from './getMany.operation';

export const operations = { getMany };

export const description = resourceDescription('tagGroup', operations, {
	options: [
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List tag groups, filtered and sorted',
			action: 'Get many tag groups',
		},
	],
	default: 'getMany',
});
