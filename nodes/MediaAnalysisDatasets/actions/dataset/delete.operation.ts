import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { datasetLocator, getDatasetId } from '../../../shared/descriptions';
import { deletedResult } from '../../../shared/deleted';
import { apiRequest } from '../../../shared/transport';

const properties: INodeProperties[] = [
	datasetLocator({ description: 'The dataset to delete. Deletion is soft: the dataset is hidden, not erased.' }),
];

export const description = updateDisplayOptions({ show: { resource: ['dataset'], operation: ['delete'] } }, properties);

/** Soft delete: the service's answer (the dataset as it now is, status "deleted") comes under `response`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const datasetId = getDatasetId.call(this, itemIndex);
	const response = await apiRequest.call(this, {
		method: 'DELETE',
		path: `/api/v1/datasets/${datasetId}`,
		// A repeat after a lost answer would report 404 for a dataset this request just deleted.
		idempotent: false,
		itemIndex,
		resourceLabel: 'Dataset',
	});
	return deletedResult(datasetId, response);
}
