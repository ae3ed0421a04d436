import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export const operations = { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['tagGroup'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List tag groups, filtered and sorted',
				action: 'Get many tag groups',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
