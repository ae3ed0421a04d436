import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { datasetLocator, resolveDatasetId, paginateForItem, returnAllOrLimit } from '../../../shared/descriptions';
import { listEndpoint } from '../../../shared/endpoints';
import { assetStatusFilter, statusQuery } from '../../helpers/statusFilters';

const properties: INodeProperties[] = [
	datasetLocator({}, { byName: true }),
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [assetStatusFilter],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['dataset'], operation: ['getAssetSummaries'] } },
	properties,
);

/** One item per asset: status, type, source path and when it became ready to search. */
export async function getAssetSummaries(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const datasetId = await resolveDatasetId.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const list = listEndpoint('get-dataset-assets-status-summary-api-v-1-ingestion-datasets-dataset-id-assets-status-summary-get', {
		params: { dataset_id: datasetId },
		qs: statusQuery(filters),
	});
	return await paginateForItem.call(this, itemIndex, ...list);
}

/** Version 1's Get Asset Summaries; version 1.1 has it as Get Many Asset Statuses with Detail: Summary. */
export const execute = getAssetSummaries;
