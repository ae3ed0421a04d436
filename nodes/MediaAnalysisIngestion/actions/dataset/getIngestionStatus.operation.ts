import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { datasetLocator, resolveDatasetId, paginateForItem, returnAllOrLimit } from '../../../shared/descriptions';
import { offsetLimit } from '../../../shared/transport';

const properties: INodeProperties[] = [datasetLocator({}, { byName: true }), ...returnAllOrLimit()];

export const description = updateDisplayOptions(
	{ show: { resource: ['dataset'], operation: ['getIngestionStatus'] } },
	properties,
);

/** One item per ingestion job of the dataset: its status, ID and time. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const datasetId = await resolveDatasetId.call(this, itemIndex);
	return await paginateForItem.call(
		this,
		itemIndex,
		{ method: 'GET', path: `/api/v1/ingestion/datasets/${datasetId}/status`, resourceLabel: 'Dataset' },
		offsetLimit,
	);
}
