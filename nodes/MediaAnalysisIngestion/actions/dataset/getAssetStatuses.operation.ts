import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { collection, datasetLocator, returnAllOrLimit, textField } from '../../../shared/descriptions';
import { listEndpoint } from '../../../shared/endpoints';
import { assetStatusFilter, waitForCompletionNotice } from '../fields';

export const option = {
	name: 'Get Many Asset Statuses',
	description:
		'One item per asset of a dataset, whichever job brought it: its status and error code (Detail: Full) or when it became ready (Detail: Summary). For the assets of one job, use Job → Get Many Asset Statuses.',
	action: 'Get many asset statuses of a dataset',
};

export const description: INodeProperties[] = [
	waitForCompletionNotice,
	datasetLocator({}, { byName: true }),
	{
		displayName: 'Detail',
		name: 'detail',
		type: 'options',
		options: [
			{
				name: 'Full',
				value: 'full',
				description: 'Status, error code and reason, source path and the latest ingestion event of each asset',
			},
			{
				name: 'Summary',
				value: 'summary',
				description: 'Status, type, source path and when each asset became ready to search',
			},
		],
		default: 'full',
	},
	...returnAllOrLimit(undefined, { toolLimit: true }),
	collection('Filters', 'filters', 'Add Filter', [
		textField(
			'Source Path',
			'sourcePath',
			'e.g. s3://my-bucket/photos/',
			'Return only the assets whose source path starts with this',
			{ displayOptions: { show: { '/detail': ['full'] } } },
		),
		assetStatusFilter,
	]),
];

export const toolDescription =
	'Lists the images and videos of a dataset with their ingestion status, up to the Limit: asset_id, source_path, status and error_code. Needs the dataset (its ID, a UUID, or its exact name); can keep only assets in some statuses.';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const params = { dataset_id: await item.datasetId() };
	const filters = item.options('filters');
	// The service's EventFilter: completed, error, or in_progress (anything not yet settled).
	const qs = filters.status ? { filter: filters.status } : {};
	if (item.param<string>('detail', 'full') === 'summary') {
		const summaries = listEndpoint('ingestion.getDatasetAssetsStatusSummary', { params, qs });
		return await run.list(summaries, { itemIndex, limit: 'parameters' });
	}
	const sourcePath = typeof filters.sourcePath === 'string' ? filters.sourcePath.trim() : '';
	const body = sourcePath ? { source_path: sourcePath } : {};
	return await run.list('ingestion.getDatasetAssetsStatus', { params, qs, body, itemIndex, limit: 'parameters' });
}
