import type { INodeProperties } from 'n8n-workflow';

import * as deleteAssets from './delete.operation';
import * as getImageStatus from './getImageStatus.operation';
import * as getVideoStatus from './getVideoStatus.operation';
import * as updateMetadata from './updateMetadata.operation';

export const operations = { delete: deleteAssets, getImageStatus, getVideoStatus, updateMetadata };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['asset'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete images or videos from a dataset, 100 per request',
				action: 'Delete assets',
			},
			{
				name: 'Get Image Status',
				value: 'getImageStatus',
				description: 'Get the ingestion status of an image',
				action: 'Get the ingestion status of an image',
			},
			{
				name: 'Get Video Status',
				value: 'getVideoStatus',
				description: 'Get the ingestion status of a video',
				action: 'Get the ingestion status of a video',
			},
			{
				name: 'Update Metadata',
				value: 'updateMetadata',
				description: 'Overwrite, add or remove metadata of ingested assets',
				action: 'Update the metadata of assets',
			},
		],
		default: 'getImageStatus',
	},
	...deleteAssets.description,
	...getImageStatus.description,
	...getVideoStatus.description,
	...updateMetadata.description,
];
