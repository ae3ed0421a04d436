import type { INodeProperties } from 'n8n-workflow';

import * as classifyImage from './classifyImage.operation';

export const operations = { classifyImage };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['classification'] } },
		options: [
			{
				name: 'Classify Image',
				value: 'classifyImage',
				description: 'Score an image from a public URL against concepts',
				action: 'Classify an image from a URL',
			},
		],
		default: 'classifyImage',
	},
	...classifyImage.description,
];
