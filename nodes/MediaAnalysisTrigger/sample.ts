import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { apiRequest } from '../shared/transport';
import type { TriggerEvent } from './events';
import { assetStatusRequest, jobsRequest, observeAsset, observeJob, toOutput } from './observe';

const SAMPLE_SIZE = 5;

/** The event a job or asset in this status would have produced most recently. */
function eventFor(kind: 'job' | 'asset', status: string, wanted: Set<TriggerEvent>): TriggerEvent | undefined {
	const candidates: TriggerEvent[] =
		kind === 'job'
			? [status === 'completed' ? 'jobCompleted' : status === 'failed' ? 'jobFailed' : 'jobCreated', 'jobStatusChanged']
			: [status === 'completed' ? 'assetCompleted' : 'assetFailed', 'assetStatusChanged'];
	return candidates.find((event) => wanted.has(event) && (event !== 'assetFailed' || status === 'error'));
}

/**
 * "Fetch Test Event": the newest real jobs or assets, shaped exactly like the events the trigger emits, read
 * without touching the saved cursor. Falls back to a built example when the account has nothing yet.
 */
export async function sampleEvents(
	this: IPollFunctions,
	watch: { events: Set<TriggerEvent>; datasetId?: string; jobStatuses: Set<string> },
): Promise<IDataObject[]> {
	const samples: IDataObject[] = [];
	if ([...watch.events].some((event) => event.startsWith('job'))) {
		const request = jobsRequest(watch.datasetId);
		const response = await apiRequest.call(this, { ...request, qs: { ...request.qs, offset: 0, limit: SAMPLE_SIZE } });
		for (const record of (response.jobs as IDataObject[] | undefined) ?? []) {
			const observation = observeJob(record);
			if (!observation) continue;
			if (watch.jobStatuses.size > 0 && !watch.jobStatuses.has(observation.status)) continue;
			const event = eventFor('job', observation.status, watch.events);
			if (event) samples.push(toOutput({ ...observation, event, previousStatus: null, kind: 'job', datasetId: String(record.dataset_id ?? '') }));
		}
	}
	if (watch.datasetId && [...watch.events].some((event) => event.startsWith('asset'))) {
		const response = await apiRequest.call(this, { ...assetStatusRequest(watch.datasetId), qs: { offset: 0, limit: SAMPLE_SIZE } });
		for (const record of (response.data as IDataObject[] | undefined) ?? []) {
			const observation = observeAsset(record);
			if (!observation) continue;
			const event = eventFor('asset', observation.status, watch.events);
			if (event) samples.push(toOutput({ ...observation, event, previousStatus: null, kind: 'asset', datasetId: watch.datasetId }));
		}
	}
	if (samples.length > 0) return samples.slice(0, SAMPLE_SIZE);
	return [builtSample(watch)];
}

/** A realistic example for an account with no ingestion yet. */
function builtSample(watch: { events: Set<TriggerEvent>; datasetId?: string }): IDataObject {
	const datasetId = watch.datasetId ?? '00000000-0000-4000-8000-000000000000';
	const time = '2026-01-01T12:00:00.000Z';
	if ([...watch.events].every((event) => event.startsWith('asset'))) {
		const failed = !watch.events.has('assetCompleted') && watch.events.has('assetFailed');
		return {
			event: failed ? 'assetFailed' : watch.events.has('assetCompleted') ? 'assetCompleted' : 'assetStatusChanged',
			eventTime: time,
			datasetId,
			status: failed ? 'error' : 'completed',
			previousStatus: 'processing_started',
			asset: {
				asset_id: '00000000-0000-4000-8000-000000000001',
				dataset_id: datasetId,
				status: failed ? 'error' : 'completed',
				error_code: failed ? 'broken_url' : null,
				error_reason: failed ? 'The URL could not be fetched' : null,
				source_path: 'https://example.com/images/sample.jpg',
				asset_type: 'image',
				latest_event: { timestamp_dt: time },
				sample: true,
			},
		};
	}
	return {
		event: 'jobCompleted',
		eventTime: time,
		datasetId,
		status: 'completed',
		previousStatus: 'in_progress',
		job: {
			id: '000000000000000000000001',
			dataset_id: datasetId,
			status: 'completed',
			job_type: 'assets',
			created_dt: time,
			updated_dt: time,
			total_assets: 1,
			processed_assets: 1,
			errored_assets: 0,
			sample: true,
		},
	};
}
