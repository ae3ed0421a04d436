import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { IngestJob } from './api';
import { callEndpoint } from './endpoints';
import type { Failure } from './transport';

/** What creating an ingestion job shares between nodes (Ingestion's creates, Celebrity Identify's ingest). */

/**
 * A 404 on creating a job names what is missing (the dataset, or the connection): the service's own words are
 * the message, rather than a guess at which of the two it was.
 */
export function explainCreateFailure(failure: Failure, details: string[]): { message: string; description: string } | undefined {
	if (failure.status !== 404) return undefined;
	return {
		message: details[0] && details[0] !== 'Not Found' ? details[0] : 'The dataset or the connection was not found',
		description:
			'Check the dataset (it may be mistyped or deleted) and the connection name. Choosing them "From list" shows what exists.',
	};
}

/**
 * How far before the request a job may have been created and still be taken as its result, to allow for a
 * difference between n8n's clock and the service's.
 */
const RECOVERY_WINDOW_MS = 10 * 60 * 1000;

/** Whether a job lists exactly these source paths, in this order (what one create request sent). */
export function sameSourcePaths(paths: string[]): (job: IngestJob) => boolean {
	return (job) => {
		const assets = (job.details as { assets?: Array<{ asset?: { source_path?: string } }> } | null)?.assets;
		return Array.isArray(assets) && assets.length === paths.length && assets.every((entry, i) => entry.asset?.source_path === paths[i]);
	};
}

/**
 * For a create request whose answer was lost: looks among the dataset's most recent jobs for the one it would
 * have created. Found: the request took effect, and that job is its answer. Not found: it did not, and the
 * transport sends it again. A job with the same sources created shortly before (an earlier identical run) is taken
 * as the answer too; ingesting the same sources again would change nothing.
 */
export function recoverCreatedJob(
	this: IExecuteFunctions,
	datasetId: string,
	matches: (job: IngestJob) => boolean,
	itemIndex: number,
): () => Promise<IDataObject | undefined> {
	const sentAt = Date.now();
	return async () => {
		const response = await callEndpoint(this, 'ingestion.getIngestJobs', {
			qs: { dataset_id: datasetId, offset: 0, limit: 100 },
			itemIndex,
		});
		const created = response.jobs.find((job) => matches(job) && Date.parse(String(job.created_dt)) >= sentAt - RECOVERY_WINDOW_MS);
		return created as IDataObject | undefined;
	};
}
