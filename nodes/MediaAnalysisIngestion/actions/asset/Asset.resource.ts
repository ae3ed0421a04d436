import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationDropdown } from '../../helpers/operationList';
import * as deleteAssets from './delete.operation';
import * as getImageStatus from './getImageStatus.operation';
import * as getStatus from './getStatus.operation';
import * as getVideoStatus from './getVideoStatus.operation';
import * as updateMetadata from './updateMetadata.operation';

/** Get Image Status and Get Video Status became Get Status with an Asset Type; version 1 nodes still list them. */
export const operations = { delete: deleteAssets, getImageStatus, getStatus, getVideoStatus, updateMetadata };

const operationOptions: INodePropertyOptions[] = [
	{
		name: 'Delete',
		value: 'delete',
		description: 'Delete images or videos from a dataset, 100 per request',
		action: 'Delete assets',
	},
	{
		name: 'Get Status',
		value: 'getStatus',
		description:
			'Get the ingestion status of one image or video by its platform ID: status, error code and latest event. To follow a whole job, use Job → Get Many Asset Statuses.',
		action: 'Get the ingestion status of an asset',
	},
	{
		name: 'Update Metadata',
		value: 'updateMetadata',
		description: 'Overwrite, add or remove metadata of ingested assets',
		action: 'Update the metadata of assets',
	},
];

export const description: INodeProperties[] = [
	...operationDropdown('asset', operationOptions, {
		current: 'getStatus',
		version1: 'getImageStatus',
		version1Only: [
			{
				name: 'Get Image Status',
				value: 'getImageStatus',
				description: 'Get the ingestion status of an image (version 1; Get Status does this for images and videos)',
				action: 'Get the ingestion status of an image',
			},
			{
				name: 'Get Video Status',
				value: 'getVideoStatus',
				description: 'Get the ingestion status of a video (version 1; Get Status does this for images and videos)',
				action: 'Get the ingestion status of a video',
			},
		],
	}),
	...deleteAssets.description,
	...getImageStatus.description,
	...getStatus.description,
	...getVideoStatus.description,
	...updateMetadata.description,
];
