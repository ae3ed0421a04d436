import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest } from '../shared/transport';

import type { Schemas } from '../shared/api';
import type { EmittedEvent, Observation } from './events';
import { timeOf } from './scan';

type IngestJob = Schemas['ingestion:GetOneIngestJobResponse'];
type AssetIngestionStatus = Schemas['ingestion:Status'];

/** A job of the jobs list as an observation: its event time is updated_dt (created_dt before any update). */
export function observeJob(record: IDataObject): Observation | undefined {
	const job = record as unknown as IngestJob;
	const time = timeOf(job.updated_dt) ?? timeOf(job.created_dt);
	if (!job.id || !job.status || time === undefined) return undefined;
	return { id: job.id, status: job.status, time, createdTime: timeOf(job.created_dt), record };
}

/** An asset status as an observation: its event time is that of its latest ingestion event. */
export function observeAsset(record: IDataObject): Observation | undefined {
	const asset = record as unknown as AssetIngestionStatus;
	const time = timeOf(asset.latest_event?.timestamp_dt);
	if (!asset.asset_id || time === undefined) return undefined;
	return { id: asset.asset_id, status: asset.status, time, record };
}

/** The output item of one event: the event, when, the status change, and the job or asset as the service gave it. */
export function toOutput(event: EmittedEvent & { kind: 'job' | 'asset'; datasetId?: string }): IDataObject {
	return {
		event: event.event,
		eventTime: new Date(event.time).toISOString(),
		datasetId: event.datasetId ?? null,
		status: event.status,
		previousStatus: event.previousStatus,
		...(event.kind === 'job' ? { job: event.record } : { asset: event.record }),
	};
}

/** The ingestion jobs list, of one dataset or all; the trigger and its test event read it the same way. */
export function jobsRequest(datasetId?: string): ApiRequest {
	return { method: 'GET', path: '/api/v1/ingestion/jobs', qs: datasetId ? { dataset_id: datasetId } : {} };
}

/** A dataset's asset statuses (a read-only POST, so it is retried like a GET). */
export function assetStatusRequest(datasetId: string): ApiRequest {
	return { method: 'POST', path: `/api/v1/ingestion/datasets/${datasetId}/assets/status`, idempotent: true, resourceLabel: 'Dataset' };
}
