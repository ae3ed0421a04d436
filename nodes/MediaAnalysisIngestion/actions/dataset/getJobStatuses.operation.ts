import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { datasetLocator, returnAllOrLimit } from '../../../shared/descriptions';

export const option = {
	name: 'Get Many Job Statuses',
	description: 'One item per ingestion job of a dataset, with its status',
	action: 'Get many job statuses of a dataset',
};

export const description: INodeProperties[] = [
	datasetLocator({}, { byName: true }),
	...returnAllOrLimit(undefined, { toolLimit: true }),
];

export const toolDescription =
	'Lists the ingestion jobs of a dataset with their status, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name).';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const params = { dataset_id: await item.datasetId() };
	return await run.list('ingestion.getDatasetStatus', { params, itemIndex, limit: 'parameters' });
}
