import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { datasetLocator } from '../../../shared/descriptions';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';
import { getRunId, readStatus, runIdField, statusItem } from './fields';

export const option = {
	name: 'Get Status',
	description: 'Tell whether a filtered search has finished',
	action: 'Get the status of a filtered search',
};

export const description: INodeProperties[] = [
	datasetLocator({ description: 'The dataset the run searches' }),
	runIdField,
];

export const toolDescription =
	'Tells whether a filtered search run has finished. Needs the dataset it searches (its ID, a UUID, or its exact name) and the run_id its start returned. Returns run_id, state (PENDING, RUNNING, TERMINATED, …), termination_type, finished and succeeded.';

export async function execute(_itemIndex: number, _run: Run, item: Item): Promise<IDataObject> {
	const datasetId = await item.datasetId();
	const runId = getRunId(item);
	return statusItem(await readStatus(item, runId, datasetId), datasetId);
}
