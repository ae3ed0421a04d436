import type { IExecuteFunctions } from 'n8n-workflow';

import type { IngestJobStatusResponse } from '../../shared/schemas.generated';
import { listEndpoint, type RecordOf } from '../../shared/endpoints';
import { type PageLimit } from '../../shared/transport';
import type { Run } from '../../shared/run';

export type AssetIngestionStatus = RecordOf<'ingestion.getJobStatus'>;

type JobStatusPage = Partial<IngestJobStatusResponse> & { data?: IngestJobStatusResponse['data'] | [] };

export interface JobAssetStatuses {
	jobStatus: string | null;
	assets: AssetIngestionStatus[];
}

/**
 * The assets are nested under `data.assets` with the job's status (or `{"data": []}` when there is nothing yet).
 * With `keep` (the service has no filter for a job's assets), the Limit counts the assets kept, read page by page.
 */
export async function readJobAssetStatuses(
	this: IExecuteFunctions,
	run: Run,
	jobId: string,
	itemIndex: number,
	limit: PageLimit,
	keep?: (asset: AssetIngestionStatus) => boolean,
): Promise<JobAssetStatuses> {
	const result: JobAssetStatuses = { jobStatus: null, assets: [] };
	const [request, style] = listEndpoint('ingestion.getJobStatus', { params: { ingest_job_id: jobId }, itemIndex });
	const noting: typeof style = {
		...style,
		items: (response) => {
			const data = (response as JobStatusPage).data;
			if (data && !Array.isArray(data)) result.jobStatus = data.status ?? result.jobStatus;
			return style.items(response);
		},
	};
	result.assets = keep
		? ((await run.list([request, noting], {
				limit,
				filter: { keep: (record) => keep(record as AssetIngestionStatus) },
			})) as AssetIngestionStatus[])
		: await run.list([request, noting], { limit });
	return result;
}

export interface AssetOutcome {
	asset_id: string | null;
	source_path: string | null;
	status: string;
	error_code: string | null;
	error_reason: string | null;
}

export function outcomeOf(status: AssetIngestionStatus): AssetOutcome {
	return {
		asset_id: status.asset_id ?? null,
		source_path: status.source_path ?? null,
		status: typeof status.status === 'string' ? status.status : 'unknown',
		error_code: status.error_code ?? null,
		error_reason: status.error_reason ?? null,
	};
}
