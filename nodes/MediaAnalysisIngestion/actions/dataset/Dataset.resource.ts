import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationDropdown } from '../../helpers/operationList';
import * as countAssetStatuses from './countAssetStatuses.operation';
import * as getAssetStatuses from './getAssetStatuses.operation';
import * as getAssetSummaries from './getAssetSummaries.operation';
import * as getIngestionStatus from './getIngestionStatus.operation';

export const operations = { countAssetStatuses, getAssetStatuses, getAssetSummaries, getIngestionStatus };

const operationOptions: INodePropertyOptions[] = [
	{
		name: 'Count Asset Statuses',
		value: 'countAssetStatuses',
		description: 'How many assets of a dataset are in each ingestion status: a quick health check of the whole dataset',
		action: 'Count the asset statuses of a dataset',
	},
	{
		name: 'Get Many Asset Statuses',
		value: 'getAssetStatuses',
		description:
			'One item per asset of a dataset, whichever job brought it: its status and error code (Detail: Full) or when it became ready (Detail: Summary). For the assets of one job, use Job → Get Many Asset Statuses.',
		action: 'Get many asset statuses of a dataset',
	},
];

/**
 * Get Asset Summaries became Detail: Summary of Get Many Asset Statuses, and Get Ingestion Status (the dataset's
 * jobs) is Job → Get Many with a Dataset filter; version 1 nodes still list and run both.
 */
export const description: INodeProperties[] = [
	...operationDropdown('dataset', operationOptions, {
		current: 'getAssetStatuses',
		version1: 'getAssetStatuses',
		version1Only: [
			{
				name: 'Get Asset Summaries',
				value: 'getAssetSummaries',
				description: 'List a short ingestion summary of each asset (version 1; Get Many Asset Statuses with Detail: Summary)',
				action: 'Get the asset status summaries of a dataset',
			},
			{
				name: 'Get Ingestion Status',
				value: 'getIngestionStatus',
				description: 'List the ingestion jobs of a dataset with their status (version 1; Job → Get Many with a Dataset filter)',
				action: 'Get the ingestion status of a dataset',
			},
		],
	}),
	...countAssetStatuses.description,
	...getAssetStatuses.description,
	...getAssetSummaries.description,
	...getIngestionStatus.description,
];
