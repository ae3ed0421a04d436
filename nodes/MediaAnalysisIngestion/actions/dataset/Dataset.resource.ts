import type { INodeProperties } from 'n8n-workflow';

import * as countAssetStatuses from './countAssetStatuses.operation';
import * as getAssetStatuses from './getAssetStatuses.operation';
import * as getAssetSummaries from './getAssetSummaries.operation';
import * as getIngestionStatus from './getIngestionStatus.operation';

export const operations = { countAssetStatuses, getAssetStatuses, getAssetSummaries, getIngestionStatus };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dataset'] } },
		options: [
			{
				name: 'Count Asset Statuses',
				value: 'countAssetStatuses',
				description: 'Count the assets of a dataset in each ingestion status',
				action: 'Count the asset statuses of a dataset',
			},
			{
				name: 'Get Asset Statuses',
				value: 'getAssetStatuses',
				description: 'List the ingestion status of each asset, with error codes and latest events',
				action: 'Get the asset statuses of a dataset',
			},
			{
				name: 'Get Asset Summaries',
				value: 'getAssetSummaries',
				description: 'List a short ingestion summary of each asset',
				action: 'Get the asset status summaries of a dataset',
			},
			{
				name: 'Get Ingestion Status',
				value: 'getIngestionStatus',
				description: 'List the ingestion jobs of a dataset with their status',
				action: 'Get the ingestion status of a dataset',
			},
		],
		default: 'getAssetStatuses',
	},
	...countAssetStatuses.description,
	...getAssetStatuses.description,
	...getAssetSummaries.description,
	...getIngestionStatus.description,
];
