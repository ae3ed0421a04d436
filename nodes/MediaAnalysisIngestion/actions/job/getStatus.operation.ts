import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { IngestJobStatusPage } from '../../../shared/api';
import { paginateForItem, returnAllOrLimit } from '../../../shared/descriptions';
import { offsetLimit, type PageStyle } from '../../../shared/transport';
import { getJobId, jobLocator } from '../../helpers/fields';

const properties: INodeProperties[] = [jobLocator, ...returnAllOrLimit()];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['getStatus'] } }, properties);

type JobStatusPage = Partial<IngestJobStatusPage> & { data?: IngestJobStatusPage['data'] | [] };

/**
 * The job status page: the job's status and one page of its assets' statuses, nested under `data.assets` with the
 * datasets' meta (or `{"data": []}` when there is nothing). Return All / Limit apply to the assets.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const jobId = getJobId.call(this, itemIndex);
	let status: string | null = null;
	let total: number | null = null;
	const style: PageStyle = {
		...offsetLimit,
		items: (response) => {
			const data = (response as JobStatusPage).data;
			if (!data || Array.isArray(data)) return [];
			status = data.status;
			total = data.assets?.meta?.page?.total ?? total;
			return (data.assets?.data ?? []) as IDataObject[];
		},
		next: (response, position, pageSize, received) => {
			const data = (response as JobStatusPage).data;
			const page = data && !Array.isArray(data) ? data.assets : undefined;
			return offsetLimit.next((page ?? {}) as IDataObject, position, pageSize, received);
		},
	};
	const assets = await paginateForItem.call(
		this,
		itemIndex,
		{ method: 'GET', path: `/api/v1/ingestion/jobs/${jobId}/status`, resourceLabel: 'Ingestion job' },
		style,
	);
	return { ingest_job_id: jobId, status, total_assets: total ?? assets.length, assets };
}
