import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ItemRunner } from '../../../shared/router';
import { createFromListProperties, createJobsFromLists } from '../../helpers/createFromList';

export const description = updateDisplayOptions(
	{ show: { resource: ['job'], operation: ['createFromImages'] } },
	createFromListProperties('images'),
);

export const toolDescription =
	'Adds images to a dataset from their URLs, and starts an ingestion job. Needs the dataset (its ID, a UUID, or its exact name) and the URLs. Returns the job ID (ingest_job_id, 24 hex characters) and the status of each input: pending, or once the job has finished completed, or error with an error_code such as broken_url.';

/** Sees every item at once: Combine Items packs the images of many items into requests of 100. */
export async function executeBatch(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	run: ItemRunner,
): Promise<INodeExecutionData[]> {
	return await createJobsFromLists.call(this, items, run, 'images');
}
