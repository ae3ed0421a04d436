import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export const operations = { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['encoder'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the encoders a dataset can use',
				action: 'Get many encoders',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
