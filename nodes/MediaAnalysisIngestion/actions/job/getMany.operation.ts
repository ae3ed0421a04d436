import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { choice, collection, datasetLocator, jobStatusOptions, returnAllOrLimit } from '../../../shared/descriptions';
import { outputProperties, shapeOutput } from '../../../shared/output';
import { JOB } from './fields';

export const option = {
	name: 'Get Many',
	description: 'List ingestion jobs, newest change first, optionally of one dataset or in one status',
	action: 'Get many ingestion jobs',
};

export const description: INodeProperties[] = [
	...returnAllOrLimit(undefined, { toolLimit: true }),
	...outputProperties(JOB),
	collection('Filters', 'filters', 'Add Filter', [
		datasetLocator({ required: false, description: 'Return only the jobs of this dataset' }, { byName: true }),
		choice('Status', 'status', jobStatusOptions, 'in_progress', 'Return only the jobs in this status'),
	]),
];

export const toolDescription =
	'Lists ingestion jobs, the most recently changed first, up to the Limit; optionally only those of one dataset or in one status. Needs nothing. Returns each job with its id, dataset_id, status and how many assets it processed and failed.';

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run, item: Item) {
	const filters = item.options('filters');
	const qs: IDataObject = {};
	if (filters.datasetId !== undefined) qs.dataset_id = await item.datasetId('filters.datasetId');
	if (filters.status) qs.status = filters.status;
	// Ordered by latest change: a job that changes while the pages are read comes out once, as last read (`paginate`).
	const jobs = await run.list('ingestion.getIngestJobs', { qs, itemIndex, limit: 'parameters' });
	return jobs.map(shapeOutput(item, JOB));
}
