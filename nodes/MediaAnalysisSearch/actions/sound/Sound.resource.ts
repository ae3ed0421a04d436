import type { INodeProperties } from 'n8n-workflow';

import * as search from './search.operation';

export const operations = { search };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sound'] } },
		options: [
			{
				name: 'Search',
				value: 'search',
				description: 'Find the moments in videos where a sound is heard (e.g. a dog barking, music, applause)',
				action: 'Search videos for a sound',
			},
		],
		default: 'search',
	},
	...search.description,
];
