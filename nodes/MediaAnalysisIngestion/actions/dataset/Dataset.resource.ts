import { resourceDescription } from '../../../shared/resourceOperations';
import * as countAssetStatuses from './countAssetStatuses.operation';
import * as getAssetStatuses from './getAssetStatuses.operation';
import * as getJobStatuses from './getJobStatuses.operation';

export const operations = { countAssetStatuses, getAssetStatuses, getJobStatuses };

export const description = resourceDescription('dataset', operations, {
	options: [
		{
			name: 'Count Asset Statuses',
			value: 'countAssetStatuses',
			description:
				'How many assets of a dataset are in each ingestion status: a quick health check of the whole dataset',
			action: 'Count the asset statuses of a dataset',
		},
		{
			name: 'Get Many Asset Statuses',
			value: 'getAssetStatuses',
			description:
				'One item per asset of a dataset, whichever job brought it: its status and error code (Detail: Full) or when it became ready (Detail: Summary). For the assets of one job, use Job → Get Many Asset Statuses.',
			action: 'Get many asset statuses of a dataset',
		},
		{
			name: 'Get Many Job Statuses',
			value: 'getJobStatuses',
			description: 'One item per ingestion job of a dataset, with its status',
			action: 'Get many job statuses of a dataset',
		},
	],
	default: 'getAssetStatuses',
});
