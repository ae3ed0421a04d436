import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { outputProperties, shapeOutput } from '../../../shared/output';
import { getJobId, JOB, jobLocator } from './fields';
import { getJob } from '../../../shared/ingestJobs';
import { waitForCompletionNotice } from '../fields';

export const option = {
	name: 'Get',
	description:
		"One job's own record: its status and how many assets were processed or failed. To see each asset, use Get Many Asset Statuses.",
	action: 'Get an ingestion job',
};

export const description: INodeProperties[] = [waitForCompletionNotice, jobLocator, ...outputProperties(JOB)];

export const toolDescription =
	'Gets one ingestion job: its status (pending, in_progress, completed or failed) and how many of its assets were processed and failed. Needs the job ID (24 hex characters, as the ingest tools return it). For each asset of the job, use the asset statuses of the job.';

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const job = (await getJob(run, getJobId(item), itemIndex)) as IDataObject;
	return shapeOutput(item, JOB)(job);
}
