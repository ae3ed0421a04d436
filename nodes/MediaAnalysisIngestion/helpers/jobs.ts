import type { IExecuteFunctions } from 'n8n-workflow';

import type { GetOneIngestJobResponse } from '../../shared/schemas.generated';
import { getWaitOptions } from '../../shared/readers';
import { type RequestOf } from '../../shared/endpoints';
import { explainCreateFailure, jobState } from '../../shared/ingestJobs';
import { type Run, type WaitOptions } from '../../shared/run';

export async function getJob(
	run: Run,
	jobId: string,
	itemIndex: number,
	deadline?: number,
): Promise<GetOneIngestJobResponse> {
	const params = { ingest_job_id: jobId };
	return await run.call('ingestion.getByIngestJobId', { params, itemIndex, deadline });
}

function progressOf(job: GetOneIngestJobResponse): string {
	const total = typeof job.total_assets === 'number' ? String(job.total_assets) : 'an unknown number of';
	return `${job.status ?? 'unknown'}, ${job.processed_assets ?? 0} of ${total} assets processed, ${job.errored_assets ?? 0} with errors`;
}

/** A failed or stopped job throws, unless `settleOnFailure` (the caller reports each asset's outcome). */
export async function waitForJob(
	run: Run,
	jobId: string,
	itemIndex: number,
	options: WaitOptions,
	{ settleOnFailure = false }: { settleOnFailure?: boolean } = {},
): Promise<GetOneIngestJobResponse> {
	const settles = jobState(settleOnFailure ? ['completed', 'failed', 'stopped'] : ['completed']);
	return await run.wait(
		{
			read: async (deadline) => await getJob(run, jobId, itemIndex, deadline),
			stateOf: (job) => settles(job.status),
			subject: `Ingestion job ${jobId}`,
			statusOf: progressOf,
			failureOf: (job) =>
				job.status === 'stopped'
					? {
							reason: 'it was stopped on the service',
							description:
								'Someone stopped the job before it finished. Create a new ingestion job to bring the remaining assets in.',
						}
					: {
							reason: job.error_details ?? `its status is ${job.status}`,
							description: `${progressOf(job)}. Job → Get Many Asset Statuses lists each asset's error code (e.g. broken_url: the URL could not be downloaded; unsupported_format: not an image or video the service reads); fix those sources and ingest them again.`,
						},
			itemIndex,
		},
		options,
	);
}

type SingleCreate =
	| 'ingestion.createIngestJobFromBucket'
	| 'ingestion.createIngestJobFromFile'
	| 'ingestion.createIngestJobForMetadata';

export async function createJob(
	this: IExecuteFunctions,
	run: Run,
	itemIndex: number,
	endpoint: SingleCreate,
	body: RequestOf<SingleCreate>,
): Promise<object> {
	const wait = getWaitOptions.call(this, itemIndex);
	const job = await run.call(endpoint, { body, itemIndex, explain: explainCreateFailure });
	if (!wait) return job;
	return await waitForJob(run, String(job.id), itemIndex, wait);
}
