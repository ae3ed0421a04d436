import type { IDataObject } from 'n8n-workflow';

import type { Schemas } from '../shared/api';
import { listEndpoint } from '../shared/endpoints';
import type { EmittedChange, Observation } from './events';
import { timeOf } from './scan';

type IngestJob = Schemas['ingestion:GetOneIngestJobResponse'];
type AssetIngestionStatus = Schemas['ingestion:Status'];

/** Records without a readable id, status or time are not observations (they cannot be followed). */
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** A job of the jobs list as an observation: its event time is updated_dt (created_dt before any update). */
export function observeJob(record: IDataObject): Observation | undefined {
	const job = record as unknown as IngestJob;
	const time = timeOf(job.updated_dt) ?? timeOf(job.created_dt);
	if (!isText(job.id) || !isText(job.status) || time === undefined) return undefined;
	return { id: job.id, status: job.status, time, createdTime: timeOf(job.created_dt), record };
}

/** An asset status as an observation: its event time is that of its latest ingestion event. */
export function observeAsset(record: IDataObject): Observation | undefined {
	const asset = record as unknown as AssetIngestionStatus;
	const time = timeOf(asset.latest_event?.timestamp_dt);
	if (!isText(asset.asset_id) || !isText(asset.status) || time === undefined) return undefined;
	return { id: asset.asset_id, status: asset.status, time, record };
}

export type Output = EmittedChange & { kind: 'job' | 'asset'; datasetId?: string };

/**
 * The output item of one change: its most specific event, every chosen event it matched, when, the status change,
 * and the job or asset as the service gave it.
 */
export function toOutput(change: Output): IDataObject {
	return {
		event: change.events[0],
		events: change.events,
		eventTime: new Date(change.time).toISOString(),
		datasetId: change.datasetId ?? null,
		status: change.status,
		previousStatus: change.previousStatus,
		...(change.kind === 'job' ? { job: change.record } : { asset: change.record }),
	};
}

/** The ingestion jobs list, of one dataset or all, and its page style; the trigger and its test event read it the same way. */
export const jobsPages = (datasetId?: string) =>
	listEndpoint('ingestion.getIngestJobs', { qs: datasetId ? { dataset_id: datasetId } : {} });

/** A dataset's asset statuses (a read-only POST, retried like a GET) and their page style. */
export const assetStatusPages = (datasetId: string) =>
	listEndpoint('ingestion.getDatasetAssetsStatus', { params: { dataset_id: datasetId } });
