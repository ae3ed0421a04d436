import type { GetOneIngestJobResponse } from './schemas.generated';
import type { CheckedResponseOf, RequestOf } from './endpoints';
import { recoverRecord, type RecoverLookup, type ServiceTime } from './recovery';
import type { Failure } from './transport';
import type { Run, WaitState } from './run';

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
	run: Run,
	datasetId: string,
	matches: (job: GetOneIngestJobResponse) => boolean,
	itemIndex: number,
): RecoverLookup {
	const list = async (serviceTime: ServiceTime) =>
		(
			await run.call('ingestion.getIngestJobs', {
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
	run: Run,
	endpoint: K,
	body: RequestOf<K>,
	{ datasetId, sourcePaths, itemIndex }: { datasetId: string; sourcePaths: string[]; itemIndex: number },
): Promise<CheckedResponseOf<K>> {
	return await run.call(endpoint, {
		body,
		itemIndex,
		explain: explainCreateFailure,
		recover: recoverCreatedJob(run, datasetId, sameSourcePaths(sourcePaths), itemIndex),
	});
}

/** An ingestion job's state for `run.wait`: settled at one of `settleOn`, failed when failed or stopped. */
export function jobState(settleOn: readonly string[] = ['completed']): (status: unknown) => WaitState {
	return (status) => {
		const text = String(status);
		if (settleOn.includes(text)) return 'done';
		return text === 'failed' || text === 'stopped' ? 'failed' : 'pending';
	};
}
