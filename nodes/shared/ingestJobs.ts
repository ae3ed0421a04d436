import type { GetOneIngestJobResponse } from './schemas.generated';
import { listEndpoint, type CheckedResponseOf, type RecordOf, type RequestOf, type ResponseOf } from './endpoints';
import type { Item } from './item';
import { recoverRecord, type ServiceTime } from './recovery';
import type { ApiRequest, PageLimit } from './transport';
import type { Run, WaitOptions, WaitState } from './run';

/** Ingestion jobs: creating one, waiting for it, reading its assets (Ingestion's operations, Celebrity's Identify). */

/** A 404 on creating a job: the service's own words say whether the dataset or the connection is missing. */
const explainCreateFailure: ApiRequest['explain'] = (failure, details) => {
	if (failure.status !== 404) return undefined;
	return {
		message: details[0] && details[0] !== 'Not Found' ? details[0] : 'The dataset or the connection was not found',
		description:
			'Check the dataset (it may be mistyped or deleted) and the connection name. Choosing them "From list" shows what exists.',
	};
};

type ListCreate =
	| 'ingestion.createIngestJobFromAssets'
	| 'ingestion.createIngestJobFromImages'
	| 'ingestion.createIngestJobFromVideos';

/**
 * Creates an ingestion job from a list of sources. A lost answer is looked up among the dataset's most recent jobs
 * (`recoverRecord`): the one listing exactly these source paths, in this order. A job with the same sources made
 * shortly before is taken too; ingesting the same sources again would change nothing.
 */
export async function createIngestJob<K extends ListCreate>(
	run: Run,
	endpoint: K,
	body: RequestOf<K>,
	{ datasetId, sourcePaths, itemIndex }: { datasetId: string; sourcePaths: string[]; itemIndex: number },
): Promise<CheckedResponseOf<K>> {
	const qs = { dataset_id: datasetId, offset: 0, limit: 100 };
	const list = async (serviceTime: ServiceTime) =>
		(await run.call('ingestion.getIngestJobs', { qs, itemIndex, serviceTime })).jobs;
	const matches = (job: GetOneIngestJobResponse) => {
		const assets = (job.details as { assets?: Array<{ asset?: { source_path?: string } }> } | null)?.assets;
		return (
			Array.isArray(assets) &&
			assets.length === sourcePaths.length &&
			assets.every((entry, i) => entry.asset?.source_path === sourcePaths[i])
		);
	};
	const recover = recoverRecord({ list, matches, createdAt: (job) => job.created_dt });
	return await run.call(endpoint, { body, itemIndex, explain: explainCreateFailure, recover });
}

type SingleCreate =
	| 'ingestion.createIngestJobFromBucket'
	| 'ingestion.createIngestJobFromFile'
	| 'ingestion.createIngestJobForMetadata';

/** Creates a job from a bucket, a file or metadata updates, and waits for it when Wait for Completion is on. */
export async function createJob(item: Item, endpoint: SingleCreate, body: RequestOf<SingleCreate>): Promise<object> {
	const wait = item.waitOptions();
	const job = await item.run.call(endpoint, { body, itemIndex: item.index, explain: explainCreateFailure });
	if (!wait) return job;
	return await waitForJob(item.run, String(job.id), item.index, wait);
}

/** An ingestion job's state for `run.wait`: settled at one of `settleOn`, failed when failed or stopped. */
export function jobState(settleOn: readonly string[] = ['completed']): (status: unknown) => WaitState {
	return (status) => {
		const text = String(status);
		if (settleOn.includes(text)) return 'done';
		return text === 'failed' || text === 'stopped' ? 'failed' : 'pending';
	};
}

export async function getJob(
	run: Run,
	jobId: string,
	itemIndex: number,
	deadline?: number,
): Promise<GetOneIngestJobResponse> {
	return await run.call('ingestion.getByIngestJobId', { params: { ingest_job_id: jobId }, itemIndex, deadline });
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

export type AssetIngestionStatus = RecordOf<'ingestion.getJobStatus'>;

/**
 * The assets are nested under `data.assets` with the job's status (or `{"data": []}` when there is nothing yet).
 * With `keep` (the service has no filter for a job's assets), the Limit counts the assets kept, read page by page.
 */
export async function readJobAssetStatuses(
	run: Run,
	jobId: string,
	itemIndex: number,
	limit: PageLimit,
	keep?: (asset: AssetIngestionStatus) => boolean,
): Promise<{ jobStatus: string | null; assets: AssetIngestionStatus[] }> {
	let jobStatus: string | null = null;
	const [request, style] = listEndpoint('ingestion.getJobStatus', { params: { ingest_job_id: jobId }, itemIndex });
	const noting: typeof style = {
		...style,
		items: (response) => {
			const data = (response as ResponseOf<'ingestion.getJobStatus'>).data;
			if (data && !Array.isArray(data)) jobStatus = data.status ?? jobStatus;
			return style.items(response);
		},
	};
	const filter = keep && { keep: (record: object) => keep(record as AssetIngestionStatus) };
	const assets = await run.list<'ingestion.getJobStatus'>([request, noting], { limit, filter });
	return { jobStatus, assets };
}

/** What became of an asset: its status, and its error when it failed. */
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
