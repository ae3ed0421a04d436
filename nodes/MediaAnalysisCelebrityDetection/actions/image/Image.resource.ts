import { resourceDescription } from '../../../shared/resourceOperations';
import * as getPersons from './getPersons.operation';
import * as identify from './identify.operation';

export const operations = { getPersons, identify };

export const description = resourceDescription('image', operations, {
	// Identify Persons ingests and deletes an image per run: it is chosen, never the default.
	default: 'getPersons',
});
