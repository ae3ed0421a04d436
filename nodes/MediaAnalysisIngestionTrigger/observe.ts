import type { IDataObject } from 'n8n-workflow';

import { listEndpoint } from '../shared/endpoints';
import { isRecord } from '../shared/transport';
import type { EmittedChange, Observation } from './events';

/**
 * The fields an observation reads, each of unknown type: the trigger keeps whatever the lists hold (a record missing
 * one is skipped, never a failed poll), so it checks each field rather than trusting the documented types.
 */
type Unchecked<Field extends string> = Partial<Record<Field, unknown>>;

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function timeOf(value: unknown): number | undefined {
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

/** A job of the jobs list as an observation: its event time is updated_dt (created_dt before any update). */
export function observeJob(record: IDataObject): Observation | undefined {
	const job: Unchecked<'id' | 'status' | 'updated_dt' | 'created_dt'> = record;
	const time = timeOf(job.updated_dt) ?? timeOf(job.created_dt);
	if (!isText(job.id) || !isText(job.status) || time === undefined) return undefined;
	return { id: job.id, status: job.status, time, createdTime: timeOf(job.created_dt), record };
}

/** An asset status as an observation: its event time is that of its latest ingestion event. */
export function observeAsset(record: IDataObject): Observation | undefined {
	const asset: Unchecked<'asset_id' | 'status' | 'latest_event'> = record;
	const time = isRecord(asset.latest_event) ? timeOf(asset.latest_event.timestamp_dt) : undefined;
	if (!isText(asset.asset_id) || !isText(asset.status) || time === undefined) return undefined;
	return { id: asset.asset_id, status: asset.status, time, record };
}

/** A dataset of the list that is not being deleted: its id (undefined for a record without one, passed over). */
export const liveDatasetId = (record: IDataObject) =>
	typeof record.id === 'string' && record.status !== 'deleted' && record.status !== 'deleting' ? record.id : undefined;

export type Output = EmittedChange & { kind: 'job' | 'asset'; datasetId: string };

/**
 * The output item of one change, its field names in the service's convention (snake_case): what happened, then the
 * job or asset record itself at the top level, as Ingestion outputs it (`{{ $json.source_path }}` chains alike).
 */
export function toOutput(change: Output): IDataObject {
	return {
		event: change.events[0],
		events: change.events,
		event_time: new Date(change.time).toISOString(),
		previous_status: change.previousStatus,
		...change.record,
		dataset_id: change.datasetId,
		status: change.status,
	};
}

export const jobsPages = (datasetId?: string) =>
	listEndpoint('ingestion.getIngestJobs', { qs: datasetId ? { dataset_id: datasetId } : {} });

/** A dataset's asset statuses (a read-only POST, retried like a GET). */
export const assetStatusPages = (datasetId: string) =>
	listEndpoint('ingestion.getDatasetAssetsStatus', { params: { dataset_id: datasetId } });
