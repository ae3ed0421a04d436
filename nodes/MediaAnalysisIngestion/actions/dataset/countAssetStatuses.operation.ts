import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { datasetLocator } from '../../../shared/descriptions';

export const option = {
	name: 'Count Asset Statuses',
	description: 'How many assets of a dataset are in each ingestion status: a quick health check of the whole dataset',
	action: 'Count the asset statuses of a dataset',
};

export const description: INodeProperties[] = [datasetLocator({}, { byName: true })];

export const toolDescription =
	'Counts the assets of a dataset in each ingestion status (how many are completed, in progress or failed): a quick health check. Needs the dataset (its ID, a UUID, or its exact name).';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const datasetId = await item.datasetId();
	const params = { dataset_id: datasetId };
	const response = await run.call('ingestion.getDatasetAssetsStatusCount', { params, itemIndex });
	return { dataset_id: datasetId, ...response.data };
}
