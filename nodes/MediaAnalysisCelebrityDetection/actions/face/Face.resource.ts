import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export const operations = { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['face'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the faces detected of a person in ingested images',
				action: 'Get many faces of a person',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
