import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import type { Dataset } from '../shared/api';
import { datasetLocator, jobStatusOptions } from '../shared/descriptions';
import { searchDatasets } from '../shared/methods/listSearch';
import { jobsList, offsetLimit, paginate, skipLimit } from '../shared/transport';
import { assertUuid } from '../shared/validation';
import {
	ASSET_EVENTS,
	JOB_EVENTS,
	detectEvents,
	newScopeState,
	startScope,
	type EmittedEvent,
	type Observation,
	type ScopeState,
	type TriggerEvent,
} from './events';
import { assetStatusRequest, jobsRequest, observeAsset, observeJob, toOutput } from './observe';
import { sampleEvents } from './sample';
import { scanNewestFirst } from './scan';

/** What the node keeps in its static data between polls (and across restarts). */
interface TriggerState extends IDataObject {
	/** The settings the state belongs to; changing what is watched starts afresh. */
	watching?: string;
	scopes?: Record<string, ScopeState>;
}

interface Watch {
	events: Set<TriggerEvent>;
	datasetId?: string;
	jobStatuses: Set<string>;
}

export class MediaAnalysisTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Trigger',
		name: 'mediaAnalysisTrigger',
		icon: { light: 'file:../../icons/media-analysis.svg', dark: 'file:../../icons/media-analysis.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["events"].join(", ") }}',
		description: 'Starts a workflow when ingestion jobs or assets of the Media Analysis Service change status',
		defaults: { name: 'Media Analysis Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: [
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: ['jobCompleted'],
				options: [
					{ name: 'Any Asset Status Change', value: 'assetStatusChanged', description: 'An asset moved to another ingestion status' },
					{ name: 'Asset Failed', value: 'assetFailed', description: 'An asset could not be ingested (status error, with its error code)' },
					{ name: 'Asset Ready to Search', value: 'assetCompleted', description: 'An asset finished ingestion (status completed)' },
					{ name: 'Job Completed', value: 'jobCompleted', description: 'An ingestion job finished' },
					{ name: 'Job Created', value: 'jobCreated', description: 'A new ingestion job was started' },
					{ name: 'Job Failed', value: 'jobFailed', description: 'An ingestion job failed' },
					{ name: 'Job Status Changed', value: 'jobStatusChanged', description: 'An ingestion job moved to another status' },
				],
				description: 'What to start the workflow on. Each event is emitted once.',
			},
			datasetLocator({
				required: false,
				default: { mode: 'list', value: '' },
				description: 'Only watch this dataset. Leave empty to watch every dataset.',
			}),
			{
				displayName: 'Job Statuses',
				name: 'jobStatuses',
				type: 'multiOptions',
				default: [],
				options: jobStatusOptions,
				displayOptions: { show: { events: ['jobCreated', 'jobStatusChanged', 'jobCompleted', 'jobFailed'] } },
				description: 'Only emit job events for jobs in these statuses. Leave empty for all.',
			},
		],
	};

	methods = { listSearch: { searchDatasets } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const watch = readWatch.call(this);
		if (this.getMode() === 'manual') {
			const sample = await sampleEvents.call(this, watch);
			return [sample.map((json) => ({ json }))];
		}

		const state = this.getWorkflowStaticData('node') as TriggerState;
		const watching = JSON.stringify({ d: watch.datasetId ?? null, e: [...watch.events].sort(), s: [...watch.jobStatuses].sort() });
		const firstActivation = state.watching !== watching || state.scopes === undefined;
		if (firstActivation) {
			state.watching = watching;
			state.scopes = {};
		}
		const scopes = state.scopes as Record<string, ScopeState>;

		const emitted: Array<EmittedEvent & { datasetId?: string; kind: 'job' | 'asset' }> = [];
		if (JOB_EVENTS.some((event) => watch.events.has(event))) {
			const key = `jobs:${watch.datasetId ?? '*'}`;
			const events = await pollScope.call(this, scopes, key, firstActivation, 'job', (cursor) =>
				scanNewestFirst.call(
					this,
					jobsRequest(watch.datasetId),
					jobsList,
					observeJob,
					cursor,
				),
				watch.events,
			);
			for (const event of events) {
				if (watch.jobStatuses.size > 0 && !watch.jobStatuses.has(event.status)) continue;
				emitted.push({ ...event, kind: 'job', datasetId: String(event.record.dataset_id ?? '') });
			}
		}
		if (ASSET_EVENTS.some((event) => watch.events.has(event))) {
			for (const datasetId of await watchedDatasets.call(this, watch)) {
				const key = `assets:${datasetId}`;
				const events = await pollScope.call(this, scopes, key, firstActivation, 'asset', (cursor) =>
					scanNewestFirst.call(
						this,
						assetStatusRequest(datasetId),
						offsetLimit,
						observeAsset,
						cursor,
					),
					watch.events,
				);
				for (const event of events) emitted.push({ ...event, kind: 'asset', datasetId });
			}
		}

		if (emitted.length === 0) return null;
		emitted.sort((a, b) => a.time - b.time);
		return [emitted.map((event) => ({ json: toOutput(event) }))];
	}
}

function readWatch(this: IPollFunctions): Watch {
	const events = new Set(this.getNodeParameter('events', []) as TriggerEvent[]);
	const raw = String(this.getNodeParameter('datasetId', '', { extractValue: true }) ?? '').trim();
	const datasetId = raw === '' ? undefined : assertUuid.call(this, raw, 'Dataset', 0);
	const jobStatuses = new Set(this.getNodeParameter('jobStatuses', []) as string[]);
	return { events, datasetId, jobStatuses };
}

/**
 * Polls one scope. At the first activation the scope's current state is recorded and nothing is emitted; a scope
 * that appears later (a dataset created while the trigger runs) starts empty, so all of its events are new.
 */
async function pollScope(
	this: IPollFunctions,
	scopes: Record<string, ScopeState>,
	key: string,
	firstActivation: boolean,
	kind: 'job' | 'asset',
	scan: (cursor: number | null) => Promise<Observation[]>,
	wanted: Set<TriggerEvent>,
): Promise<EmittedEvent[]> {
	let scope = scopes[key];
	if (!scope) {
		scope = newScopeState();
		scopes[key] = scope;
		if (firstActivation) {
			startScope(scope, await scan(null));
			return [];
		}
	}
	return detectEvents(scope, kind, await scan(scope.cursor), wanted);
}

async function watchedDatasets(this: IPollFunctions, watch: Watch): Promise<string[]> {
	if (watch.datasetId) return [watch.datasetId];
	const datasets = (await paginate.call(this, { method: 'GET', path: '/api/v1/datasets' }, skipLimit, { returnAll: true })) as Dataset[];
	return datasets.filter((dataset) => dataset.status !== 'deleted' && dataset.status !== 'deleting').map((dataset) => dataset.id);
}
