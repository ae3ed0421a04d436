import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import type { Dataset } from '../shared/api';
import { datasetLocator, jobStatusOptions } from '../shared/descriptions';
import { searchDatasets } from '../shared/methods/listSearch';
import { listEndpoint } from '../shared/endpoints';
import { paginate, type ApiRequest, type PageStyle } from '../shared/transport';
import { assertUuid } from '../shared/validation';
import {
	ASSET_EVENTS,
	END_EVENTS,
	JOB_EVENTS,
	detectEvents,
	isScopeState,
	newScopeState,
	startScope,
	type EmittedChange,
	type Observation,
	type ScopeState,
	type TriggerEvent,
} from './events';
import { assetStatusPages, jobsPages, observeAsset, observeJob, toOutput, type Output } from './observe';
import { sampleEvent } from './sample';
import { scanNewestFirst, type Scan } from './scan';

/** What the node keeps in its static data between polls (and across restarts). */
interface TriggerState extends IDataObject {
	/** The settings the state belongs to; changing what is watched starts afresh. */
	watching?: string;
	scopes?: Record<string, ScopeState>;
}

export interface Watch {
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
					{ name: 'Job Stopped', value: 'jobStopped', description: 'An ingestion job was stopped before it finished' },
				],
				description:
					'What to start the workflow on. Each change of a job or asset comes once, as one item whose "events" lists every chosen event it matched.',
			},
			datasetLocator(
				{
					required: false,
					default: { mode: 'list', value: '' },
					description:
						'Only watch this dataset. Leave empty to poll every dataset: each poll then also reads the list of datasets and, for asset events, the asset statuses of each one.',
				},
				{ byName: false },
			),
			{
				displayName: 'Job Statuses',
				name: 'jobStatuses',
				type: 'multiOptions',
				default: [],
				options: jobStatusOptions,
				displayOptions: { show: { events: [...JOB_EVENTS] } },
				description:
					'Only emit job events for jobs in these statuses. Leave empty for all. Must include the status of each chosen end event (Completed for Job Completed, and so on).',
			},
		],
	};

	methods = { listSearch: { searchDatasets } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const watch = readWatch.call(this);
		if (this.getMode() === 'manual') return [[{ json: await sampleEvent.call(this, watch) }]];

		const now = Date.now();
		const { state, scopes, firstActivation } = readState.call(this, watch);
		const recorded = JSON.stringify(scopes);

		const emitted: Output[] = [];
		if (JOB_EVENTS.some((event) => watch.events.has(event))) {
			const [request, style] = jobsPages(watch.datasetId);
			const changes = await pollScope.call(this, scopes, `jobs:${watch.datasetId ?? '*'}`, firstActivation, {
				kind: 'job',
				request,
				style,
				observe: observeJob,
				wanted: watch.events,
				now,
			});
			for (const change of changes) {
				if (watch.jobStatuses.size > 0 && !watch.jobStatuses.has(change.status)) continue;
				emitted.push({ ...change, kind: 'job', datasetId: String(change.record.dataset_id ?? '') });
			}
		}
		if (ASSET_EVENTS.some((event) => watch.events.has(event))) {
			for (const datasetId of await watchedDatasets.call(this, watch)) {
				const [request, style] = assetStatusPages(datasetId);
				const changes = await pollScope.call(this, scopes, `assets:${datasetId}`, firstActivation, {
					kind: 'asset',
					request,
					style,
					observe: observeAsset,
					wanted: watch.events,
					now,
				});
				for (const change of changes) emitted.push({ ...change, kind: 'asset', datasetId });
			}
		}

		// n8n saves static data only when it notices a change, and it watches only the objects it loaded: scopes added
		// since then change unseen. Setting the node's own key is seen, so every change of the record is saved.
		if (JSON.stringify(scopes) !== recorded) state.scopes = scopes;

		if (emitted.length === 0) return null;
		emitted.sort((a, b) => a.time - b.time);
		return [emitted.map((change) => ({ json: toOutput(change) }))];
	}
}

type Scopes = Record<string, ScopeState>;

/** The status each end event stands for, to check the Job Statuses filter against the chosen events. */
const END_STATUS = Object.fromEntries(Object.entries(END_EVENTS.job).map(([status, event]) => [event, status]));

function readWatch(this: IPollFunctions): Watch {
	const events = new Set(this.getNodeParameter('events', []) as TriggerEvent[]);
	const raw = String(this.getNodeParameter('datasetId', '', { extractValue: true }) ?? '').trim();
	const datasetId = raw === '' ? undefined : assertUuid.call(this, raw, 'Dataset', 0);
	const jobStatuses = new Set(this.getNodeParameter('jobStatuses', []) as string[]);
	if (events.size === 0) {
		throw new NodeOperationError(this.getNode(), 'No event chosen', { description: 'Choose at least one event under Events.' });
	}
	for (const event of events) {
		const status = END_STATUS[event];
		if (status && jobStatuses.size > 0 && !jobStatuses.has(status)) {
			throw new NodeOperationError(this.getNode(), `Job Statuses leaves out "${status}", so the event ${event} can never fire`, {
				description: `Add ${status} to Job Statuses, clear Job Statuses, or remove the event from Events.`,
			});
		}
	}
	return { events, datasetId, jobStatuses };
}

/**
 * The node's saved scopes. Changing what is watched starts afresh; saved data this version cannot read (edited by
 * hand, written by something else) is dropped with a warning and the trigger starts afresh instead of failing
 * every poll.
 */
function readState(this: IPollFunctions, watch: Watch): { state: TriggerState; scopes: Scopes; firstActivation: boolean } {
	const state = this.getWorkflowStaticData('node') as TriggerState;
	const watching = JSON.stringify({ d: watch.datasetId ?? null, e: [...watch.events].sort(), s: [...watch.jobStatuses].sort() });
	const saved = state.scopes as unknown;
	const usable =
		typeof saved === 'object' &&
		saved !== null &&
		!Array.isArray(saved) &&
		Object.values(saved).every(isScopeState);
	if (state.watching === watching && saved !== undefined && !usable) {
		this.logger.warn('Media Analysis Trigger: its saved state was unreadable and was reset; events from before this poll are not emitted');
	}
	const firstActivation = state.watching !== watching || !usable;
	if (firstActivation) {
		state.watching = watching;
		state.scopes = {};
	}
	return { state, scopes: state.scopes as Scopes, firstActivation };
}

interface ScopeSpec {
	kind: 'job' | 'asset';
	request: ApiRequest;
	style: PageStyle;
	observe: (record: IDataObject) => Observation | undefined;
	wanted: Set<TriggerEvent>;
	now: number;
}

/**
 * Polls one scope. At the first activation the scope's current state is recorded and nothing is emitted; a scope
 * that appears later (a dataset created while the trigger runs) starts empty, so all of its events are new.
 */
async function pollScope(
	this: IPollFunctions,
	scopes: Scopes,
	key: string,
	firstActivation: boolean,
	{ kind, request, style, observe, wanted, now }: ScopeSpec,
): Promise<EmittedChange[]> {
	const saved = scopes[key];
	const scope = saved ?? newScopeState();
	scopes[key] = scope;
	const activating = saved === undefined && firstActivation;
	const scan: Scan = await scanNewestFirst.call(this, request, style, observe, activating ? undefined : scope, now);
	if (!scan.ordered) scope.disordered = true;
	else if (scan.complete) delete scope.disordered;
	if (activating) {
		startScope(scope, kind, scan.observations, now);
		return [];
	}
	return detectEvents(scope, kind, scan.observations, wanted, now);
}

async function watchedDatasets(this: IPollFunctions, watch: Watch): Promise<string[]> {
	if (watch.datasetId) return [watch.datasetId];
	const datasets = (await paginate.call(this, ...listEndpoint('get-datasets-api-v-1-datasets-get'), { returnAll: true })) as Dataset[];
	return datasets
		.filter((dataset) => typeof dataset.id === 'string' && dataset.status !== 'deleted' && dataset.status !== 'deleting')
		.map((dataset) => dataset.id);
}
