import type { INodeProperties } from 'n8n-workflow';

import { fromVersion, untilVersion } from '../../../shared/versions';
import { TOOLS_VERSION } from '../versions';
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
	// Identify Persons ingests and deletes an image per run: from 1.1 it is chosen, never the default.
	fromVersion(TOOLS_VERSION, operation),
	untilVersion(TOOLS_VERSION, { ...operation, default: 'identify' }),
	...getPersons.description,
	...identify.description,
];
