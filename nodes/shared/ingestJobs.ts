import type { IExecuteFunctions } from 'n8n-workflow';

import type { GetOneIngestJobResponse } from './schemas.generated';
import { callEndpoint, type CheckedResponseOf, type RequestOf } from './endpoints';
import { recoverRecord, type RecoverLookup, type ServiceTime } from './recovery';
import { waitUntilSettled, type Failure, type WaitOptions, type WaitSpec, type WaitState, type Run } from './transport';

/** Creating an ingestion job and waiting for it: Ingestion's creates, and Celebrity Identify's ingest of its image. */

/** A 404 on creating a job: the service's own words say whether the dataset or the connection is missing. */
export function explainCreateFailure(
	failure: Failure,
	details: string[],
): { message: string; description: string } | undefined {
	if (failure.status !== 404) return undefined;
	return {
		message: details[0] && details[0] !== 'Not Found' ? details[0] : 'The dataset or the connection was not found',
		description:
			'Check the dataset (it may be mistyped or deleted) and the connection name. Choosing them "From list" shows what exists.',
	};
}

/** Whether a job lists exactly these source paths, in this order (what one create request sent). */
function sameSourcePaths(paths: string[]): (job: GetOneIngestJobResponse) => boolean {
	return (job) => {
		const assets = (job.details as { assets?: Array<{ asset?: { source_path?: string } }> } | null)?.assets;
		return (
			Array.isArray(assets) &&
			assets.length === paths.length &&
			assets.every((entry, i) => entry.asset?.source_path === paths[i])
		);
	};
}

/**
 * For a create whose answer was lost: the job it made among the dataset's most recent ones (`recoverRecord`). A job
 * with the same sources made shortly before is taken too; ingesting the same sources again would change nothing.
 */
function recoverCreatedJob(
	this: IExecuteFunctions,
	run: Run,
	datasetId: string,
	matches: (job: GetOneIngestJobResponse) => boolean,
	itemIndex: number,
): RecoverLookup {
	const list = async (serviceTime: ServiceTime) =>
		(
			await callEndpoint(run, 'ingestion.getIngestJobs', {
				qs: { dataset_id: datasetId, offset: 0, limit: 100 },
				itemIndex,
				serviceTime,
			})
		).jobs;
	return recoverRecord({ list, matches, createdAt: (job) => job.created_dt });
}

type ListCreate =
	| 'ingestion.createIngestJobFromAssets'
	| 'ingestion.createIngestJobFromImages'
	| 'ingestion.createIngestJobFromVideos';

/** Creates an ingestion job from a list of sources; a lost answer is found among the dataset's jobs. */
export async function createIngestJob<K extends ListCreate>(
	this: IExecuteFunctions,
	run: Run,
	endpoint: K,
	body: RequestOf<K>,
	{ datasetId, sourcePaths, itemIndex }: { datasetId: string; sourcePaths: string[]; itemIndex: number },
): Promise<CheckedResponseOf<K>> {
	return await callEndpoint(run, endpoint, {
		body,
		itemIndex,
		explain: explainCreateFailure,
		recover: recoverCreatedJob.call(this, run, datasetId, sameSourcePaths(sourcePaths), itemIndex),
	});
}

/** What a wait reads of an ingestion job each poll, and how that reads in messages. */
export type JobView<T> = Omit<WaitSpec<T>, 'stateOf'> & { jobStatus: (value: T) => unknown };

/** Waits for an ingestion job until its status is one of `settleOn`; failed or stopped is an error. */
export async function waitForIngestJob<T>(
	this: IExecuteFunctions,
	run: Run,
	view: JobView<T>,
	wait: WaitOptions,
	settleOn: readonly string[] = ['completed'],
): Promise<T> {
	const stateOf = (value: T): WaitState => {
		const status = String(view.jobStatus(value));
		if (settleOn.includes(status)) return 'done';
		return status === 'failed' || status === 'stopped' ? 'failed' : 'pending';
	};
	return await waitUntilSettled<T>(run, { ...view, stateOf }, wait);
}

export async function ingestAndWait<K extends ListCreate, T>(
	this: IExecuteFunctions,
	run: Run,
	endpoint: K,
	body: RequestOf<K>,
	sent: { datasetId: string; sourcePaths: string[]; itemIndex: number },
	viewOf: (jobId: string) => JobView<T>,
	wait: WaitOptions,
	settleOn?: readonly string[],
): Promise<T> {
	const create = createIngestJob<ListCreate>;
	const job = await create.call(this, run, endpoint, body, sent);
	const waitForJob = waitForIngestJob<T>;
	return await waitForJob.call(this, run, viewOf(job.id), wait, settleOn);
}
