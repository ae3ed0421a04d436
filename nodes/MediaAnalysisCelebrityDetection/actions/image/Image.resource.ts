import { resourceDescription } from '../../../shared/resourceOperations';
import * as getPersons from './getPersons.operation';
import * as identify from './identify.operation';

export const operations = { getPersons, identify };

export const description = resourceDescription('image', operations, {
	options: [
		{
			name: 'Get Many Persons',
			value: 'getPersons',
			description: 'Get the enrolled persons detected in an ingested image',
			action: 'Get many persons in an image',
		},
		{
			name: 'Identify Persons',
			value: 'identify',
			description:
				'Identify enrolled persons in an image at a URL. Costs one image ingestion and its wait (several requests): the image is ingested into a dataset you choose, read, then deleted.',
			action: 'Identify persons in an image',
		},
	],
	// Identify Persons ingests and deletes an image per run: it is chosen, never the default.
	default: 'getPersons',
});
