import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { AssetStatusCounts } from '../../../shared/api';
import { datasetLocator, resolveDatasetId } from '../../../shared/descriptions';
import { apiRequest } from '../../../shared/transport';

export const description = updateDisplayOptions(
	{ show: { resource: ['dataset'], operation: ['countAssetStatuses'] } },
	[datasetLocator({}, { byName: true })],
);

/** One item: the dataset ID and how many of its assets are in each ingestion status. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const datasetId = await resolveDatasetId.call(this, itemIndex);
	const response = (await apiRequest.call(this, {
		method: 'GET',
		path: `/api/v1/ingestion/datasets/${datasetId}/assets/status/count`,
		itemIndex,
		resourceLabel: 'Dataset',
	})) as AssetStatusCounts;
	return { dataset_id: datasetId, ...(response.data ?? {}) };
}
