import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { datasetLocator } from '../../../shared/descriptions';
import { deletedResult } from '../../../shared/deleted';
import { notice } from '../../../shared/node';

export const option = { name: 'Delete', description: 'Soft-delete a dataset', action: 'Delete a dataset' };

export const description: INodeProperties[] = [
	notice(
		'deleteNotice',
		'Deletes the dataset for everyone in your organization: it is hidden (soft-deleted), not erased, and Get with Include Deleted still reads it',
	),
	datasetLocator({ description: 'The dataset to delete. Deletion is soft: the dataset is hidden, not erased.' }),
];

/** Soft delete: the service's answer (the dataset as it now is, status "deleted") comes under `response`. */
export const toolDescription =
	'Deletes a dataset of the media library for everyone in the organization (soft: it is hidden, not erased). Needs the dataset: its ID (a UUID) or its exact name. Returns deleted: true and the id.';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const datasetId = await item.datasetId();
	const response = await run.call('datasets.delete', { params: { dataset_id: datasetId }, itemIndex });
	return deletedResult(datasetId, response);
}
