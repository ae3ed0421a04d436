import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { datasetLocator, returnAllOrLimit } from '../../../shared/descriptions';
import { resolveDatasetId, paginateForItem } from '../../../shared/readers';
import { listEndpoint } from '../../../shared/endpoints';

const properties: INodeProperties[] = [datasetLocator({}, { byName: true }), ...returnAllOrLimit()];

export const description = updateDisplayOptions(
	{ show: { resource: ['dataset'], operation: ['getIngestionStatus'] } },
	properties,
);

/** One item per ingestion job of the dataset: its status, ID and time. */
export const toolDescription =
	'Lists the ingestion jobs of a dataset with their status, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name).';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const datasetId = await resolveDatasetId.call(this, itemIndex);
	const params = { dataset_id: datasetId };
	const list = listEndpoint('ingestion.getDatasetStatus', { params });
	return await paginateForItem.call(this, itemIndex, ...list);
}
