import { resourceDescription } from '../../../shared/resourceOperations';
import * as getMany from './getMany.operation';

export const operations = { getMany };

export const description = resourceDescription('role', operations, {
	options: [
		{ name: 'Get Many', value: 'getMany', description: 'List the roles that can be given', action: 'Get many roles' },
	],
	default: 'getMany',
});
