import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import { datasetLocator, returnAllOrLimit } from '../../../shared/descriptions';
import { resolveDatasetId } from '../../../shared/readers';

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

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject[]> {
	const datasetId = await resolveDatasetId(run, itemIndex);
	return await run.list('ingestion.getDatasetStatus', {
		params: { dataset_id: datasetId },
		itemIndex,
		limit: 'parameters',
	});
}
