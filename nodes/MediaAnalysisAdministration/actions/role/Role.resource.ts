import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export const operations = { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['role'] } },
		options: [
			{ name: 'Get Many', value: 'getMany', description: 'List the roles that can be given', action: 'Get many roles' },
		],
		default: 'getMany',
	},
	...getMany.description,
];
