import type { INodeProperties } from 'n8n-workflow';

import * as getPersons from './getPersons.operation';
import * as identify from './identify.operation';

export const operations = { getPersons, identify };

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['image'] } },
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
	default: 'getPersons',
};

export const description: INodeProperties[] = [
	// Identify Persons ingests and deletes an image per run: it is chosen, never the default.
	operation,
	...getPersons.description,
	...identify.description,
];
