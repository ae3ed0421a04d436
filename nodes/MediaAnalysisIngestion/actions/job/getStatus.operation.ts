import type { INodeExecutionData, INodeProperties, IPairedItemData } from 'n8n-workflow';

import { forTools, forWorkflows, limitForTools } from '../../../shared/aiTool';
import { collection, returnAllOrLimit } from '../../../shared/descriptions';
import { Item } from '../../../shared/item';
import { assetStatusFilter, inStatus, waitForCompletionNotice } from '../fields';
import type { Status } from '../../../shared/schemas.generated';
import type { ItemRunner } from '../../../shared/router';
import { getJobId, jobLocator } from './fields';
import { readJobAssetStatuses } from '../../../shared/ingestJobs';

const [returnAll, limit] = returnAllOrLimit();

// Every asset by default (a Limit is never a silent cut); a model gets 10: it reads every item a tool returns.
export const option = {
	name: 'Get Many Asset Statuses',
	description:
		'One item per asset of a job: status, error code and reason. Items naming the same job (e.g. the rows of a combined ingest) are read once and give each asset once, paired to its row.',
	action: 'Get many asset statuses of an ingestion job',
};

export const description: INodeProperties[] = [
	waitForCompletionNotice,
	jobLocator,
	forWorkflows({ ...returnAll, default: true }),
	forTools(returnAll),
	...limitForTools(limit),
	collection('Filters', 'filters', 'Add Filter', [
		{
			...assetStatusFilter,
			description:
				"Return only the assets in this state (the service lists a job's assets unfiltered: every page is read until the Limit is met)",
		},
	]),
];

export const toolDescription =
	"Gets the status of each asset of an ingestion job, up to the Limit: its asset_id, source_path, status (completed, or error with an error_code such as broken_url) and the job's status. Needs the job ID (24 hex characters, as the ingest tools return it).";

function isRowOf(item: INodeExecutionData, asset: Status): boolean {
	const json = item.json;
	if (asset.asset_id && json.asset_id === asset.asset_id) return true;
	return (
		Boolean(asset.source_path) && (json.source_path === asset.source_path || json.sourcePath === asset.source_path)
	);
}

/** Each job is read once; an asset pairs to the row naming it, else to every item naming its job. */
export async function executeBatch(items: INodeExecutionData[], runner: ItemRunner): Promise<INodeExecutionData[]> {
	const jobs = new Map<string, number[]>();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const item = new Item(runner.run, itemIndex);
		await runner.attempt([itemIndex], async () => {
			const jobId = getJobId(item);
			item.pageLimit();
			jobs.set(jobId, [...(jobs.get(jobId) ?? []), itemIndex]);
		});
	}
	for (const [jobId, itemIndexes] of jobs) {
		const first = new Item(runner.run, itemIndexes[0]);
		await runner.attempt(itemIndexes, async () => {
			const status = first.param<string>('filters.status', '');
			const keep = status ? inStatus(status) : undefined;
			const { jobStatus, assets } = await readJobAssetStatuses(runner.run, jobId, first.index, first.pageLimit(), keep);
			for (const asset of assets) {
				const rows = itemIndexes.filter((itemIndex) => isRowOf(items[itemIndex], asset));
				const pairedItem: IPairedItemData[] = (rows.length > 0 ? rows : itemIndexes).map((item) => ({ item }));
				const json = { ingest_job_id: jobId, job_status: jobStatus, ...asset };
				runner.emit(pairedItem[0].item, json, pairedItem);
			}
		});
	}
	// Placed with the first row each asset pairs to; a job's assets keep the service's order among one row's.
	return runner.output();
}
