import type { IDataObject } from 'n8n-workflow';

import { SAMPLE_IDS } from '../shared/notFound';
import { fetchPage, type ApiRequest, type PageStyle } from '../shared/transport';
import type { Run } from '../shared/run';
import { END_STATUSES, detectEvents, newScopeState, type Observation, type TriggerEvent, type Watch } from './events';
import { assetStatusPages, jobsPages, liveDatasetId, observeAsset, observeJob, toOutput, type Output } from './observe';

/** Records read per list for the test event. */
const SAMPLE_PAGE = 20;
/** Datasets looked into for an asset when every dataset is watched. */
const SAMPLE_DATASETS = 5;

/** The item the trigger would emit on first seeing `observation`, or undefined when no chosen event matches. */
const firstSeen = (kind: 'job' | 'asset', observation: Observation, watch: Watch, datasetId: string) => {
	const [change] = detectEvents(newScopeState(), kind, [observation], watch.events, Number.POSITIVE_INFINITY);
	return change && { ...change, kind, datasetId };
};

/**
 * "Fetch Test Event": one item, shaped exactly like the items the trigger emits, read without touching the saved
 * cursor. It is the newest real job or asset that a chosen event matches (end statuses are asked for by status,
 * so an older match is found too); when none does, a built example of the chosen event, marked `sample: true`. A real
 * record that matches no chosen event is never shown under one (a completed job as "jobStopped").
 */
export async function sampleEvent(run: Run, watch: Watch): Promise<IDataObject> {
	let found: Output | undefined;
	/** Reads the first records of a list: `found` becomes the newest of it and them that a chosen event matches. */
	const match = async (
		kind: 'job' | 'asset',
		[request, style]: [ApiRequest, PageStyle],
		datasetOf: (record: IDataObject) => string,
	) => {
		const observe = kind === 'job' ? observeJob : observeAsset;
		const { items } = await fetchPage(run, request, style, style.firstPosition, SAMPLE_PAGE);
		for (const record of items) {
			const observation = observe(record);
			if (!observation) continue;
			if (kind === 'job' && watch.jobStatuses.size > 0 && !watch.jobStatuses.has(observation.status)) continue;
			const change = firstSeen(kind, observation, watch, datasetOf(record));
			if (change && (!found || change.time > found.time)) found = change;
		}
	};
	const chosen = [...watch.events];
	if (chosen.some((event) => event.startsWith('job'))) {
		const [request, style] = jobsPages(watch.datasetId);
		const datasetOf = (record: IDataObject) => String(record.dataset_id ?? '');
		for (const status of new Set([undefined, ...chosen.flatMap((event) => END_STATUSES[event] ?? [])])) {
			if (found) break;
			const qs = status === undefined ? request.qs : { ...request.qs, status };
			await match('job', [{ ...request, qs }, style], datasetOf);
		}
	}
	if (chosen.some((event) => event.startsWith('asset'))) {
		const datasets = watch.datasetId ? [watch.datasetId] : await recentDatasets(run);
		for (const datasetId of datasets) {
			// Only failures wanted: ask for them, so an older one is found behind newer successes.
			const filter = watch.events.has('assetFailed') && watch.events.size === 1 ? { filter: 'error' } : {};
			const [request, style] = assetStatusPages(datasetId);
			await match('asset', [{ ...request, qs: filter }, style], () => datasetId);
			if (found) break;
		}
	}
	return found ? toOutput(found) : builtSample(watch);
}

async function recentDatasets(run: Run): Promise<string[]> {
	const { items } = await run.list('datasets.list', { page: 0, pageSize: SAMPLE_PAGE });
	const ids = items.map(liveDatasetId).filter((id): id is string => id !== undefined);
	return ids.slice(0, SAMPLE_DATASETS);
}

/** The status of the built example of each event; the first chosen, in this order, is the one shown. */
const SAMPLE_STATUS: Record<TriggerEvent, string> = {
	jobCompleted: 'completed',
	jobFinished: 'completed',
	jobFailed: 'failed',
	jobStopped: 'stopped',
	jobStatusChanged: 'in_progress',
	jobCreated: 'pending',
	assetCompleted: 'completed',
	assetFailed: 'error',
	assetStatusChanged: 'completed',
};

/**
 * A realistic example of the chosen event when no real record matches one, emitted as the trigger would emit it:
 * every field a real job (as the jobs list gives it, `details.assets` included) or asset status has, and `sample` and
 * `sample_reason` saying that it is an example and why.
 */
function builtSample(watch: Watch): IDataObject {
	const datasetId = watch.datasetId ?? SAMPLE_IDS.dataset;
	const time = '2026-01-01T12:00:00.000Z';
	const event =
		(Object.keys(SAMPLE_STATUS) as TriggerEvent[]).find((choice) => watch.events.has(choice)) ?? 'jobCompleted';
	const status = SAMPLE_STATUS[event];
	const failed = status === 'error' || status === 'failed';
	const ended = ['completed', 'failed', 'stopped', 'error'].includes(status);
	const kind = event.startsWith('asset') ? 'asset' : 'job';
	const assetId = SAMPLE_IDS.asset;
	const id = kind === 'asset' ? assetId : SAMPLE_IDS.job;
	const sourcePath = 'https://example.com/images/sample.jpg';
	const where = watch.datasetId ? 'in this dataset' : 'in the datasets looked at';
	const record: IDataObject = {
		...(kind === 'asset'
			? {
					status,
					asset_id: id,
					dataset_id: datasetId,
					error_code: failed ? 'broken_url' : null,
					error_reason: failed ? 'The URL could not be fetched' : null,
					source_path: sourcePath,
					latest_event: { event_type: status, event_entity: 'image', timestamp_dt: time },
					asset_type: 'image',
				}
			: {
					id,
					org_id: 'sample-org',
					dataset_id: datasetId,
					connection_name: null,
					job_type: 'assets',
					details: {
						assets: [
							{
								asset: { source_path: sourcePath, metadata: null, asset_type: 'image' },
								asset_id: status === 'pending' ? null : assetId,
								error: failed ? 'broken_url: The URL could not be fetched' : null,
							},
						],
					},
					source_type: 'image',
					file_path: null,
					created_dt: time,
					updated_dt: time,
					started_dt: status === 'pending' ? null : time,
					finished_dt: ended ? time : null,
					status,
					total_assets: 1,
					processed_assets: status === 'completed' ? 1 : 0,
					errored_assets: failed ? 1 : 0,
					error_details: failed ? '1 of 1 assets failed: broken_url (1)' : null,
					request_id: SAMPLE_IDS.request,
				}),
		sample: true,
		sample_reason: `An example, not a real ${kind === 'asset' ? 'asset' : 'ingestion job'}: none ${where} matches the chosen events yet. Its IDs name nothing on the service, so a node that looks them up fails; fetch again once a real ${kind === 'asset' ? 'asset' : 'job'} has the chosen status.`,
	};
	// First seen in the status of a chosen event, the record always amounts to that event.
	const observation: Observation = { id, status, time: Date.parse(time), createdTime: Date.parse(time), record };
	return toOutput(firstSeen(kind, observation, watch, datasetId) as Output);
}
