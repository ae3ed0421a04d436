import type {
	INodeProperties,
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { datasetLocator, jobStatusOptions } from '../shared/descriptions';
import { datasetIdNamed } from '../shared/readers';
import { searchDatasets } from '../shared/methods/listSearch';
import { listEndpoint } from '../shared/endpoints';
import { type ApiRequest, type PageStyle } from '../shared/transport';
import { Run } from '../shared/run';
import { Checks } from '../shared/validation';
import { labelledListSubtitle } from '../shared/subtitle';
import {
	ASSET_EVENTS,
	END_STATUSES,
	JOB_EVENTS,
	LOOK_BACK_MS,
	boundScopes,
	detectEvents,
	newScopeState,
	readScopes,
	saveScope,
	startScope,
	type ScopeState,
	type TriggerEvent,
	type Watch,
} from './events';
import { assetStatusPages, jobsPages, liveDatasetId, observeAsset, observeJob, toOutput, type Output } from './observe';
import { sampleEvent } from './sample';
import { PollBudget, unlessSpent } from './budget';
import { overlappingPages, scanNewestFirst } from './scan';

/** The node's static data: the settings it belongs to (a change starts afresh), and each scope as `saveScope` writes it. */
interface TriggerState extends IDataObject {
	watching?: string;
	scopes?: IDataObject;
}

/** Datasets one trigger watches at most when Dataset is empty (each costs a request per poll). */
export const MAX_DATASETS = 1_000;

const PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: ['jobCompleted'],
		options: [
			{
				name: 'Asset Completed',
				value: 'assetCompleted',
				description: 'An asset finished ingestion and is ready to search (status completed)',
			},
			{
				name: 'Asset Failed',
				value: 'assetFailed',
				description: 'An asset could not be ingested (status error, with its error code)',
			},
			{
				name: 'Asset Status Changed',
				value: 'assetStatusChanged',
				description: 'An asset moved to another ingestion status',
			},
			{
				name: 'Job Completed',
				value: 'jobCompleted',
				description: 'An ingestion job ended with status completed (a job whose every asset failed ends as failed)',
			},
			{ name: 'Job Created', value: 'jobCreated', description: 'A new ingestion job was started' },
			{ name: 'Job Failed', value: 'jobFailed', description: 'An ingestion job failed' },
			{
				name: 'Job Finished',
				value: 'jobFinished',
				description: 'An ingestion job ran to its end, completed or failed: every finished job, once',
			},
			{
				name: 'Job Status Changed',
				value: 'jobStatusChanged',
				description: 'An ingestion job moved to another status',
			},
			{ name: 'Job Stopped', value: 'jobStopped', description: 'An ingestion job was stopped before it finished' },
		],
		description:
			'What to start the workflow on. Each change of a job or asset comes once, as one item whose "events" lists every chosen event it matched, named as here without spaces (Asset Completed is assetCompleted), followed by the job\'s or asset\'s own fields.',
	},
	datasetLocator({
		required: false,
		description:
			'Only watch this dataset (By Name: the name is looked up at each poll, one more request). Leave empty to poll every dataset: each poll then also reads the list of datasets and, for asset events, the asset statuses of each one.',
	}),
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
];

export class MediaAnalysisIngestionTrigger implements INodeType {
	description: INodeTypeDescription = {
		// n8n's node panel lists it with the Ingestion node (its type name without "Trigger"), under this description.
		displayName: 'Media Analysis Ingestion Trigger',
		name: 'mediaAnalysisIngestionTrigger',
		icon: { light: 'file:../../icons/trigger.svg', dark: 'file:../../icons/trigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: labelledListSubtitle(PROPERTIES, 'events'),
		description: 'Ingest images and videos, and start workflows when jobs or assets change',
		defaults: { name: 'Media Analysis Ingestion Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: PROPERTIES,
	};

	methods = { listSearch: { searchDatasets } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		if (this.getMode() === 'manual') {
			const run = new Run(this);
			return [[{ json: await sampleEvent(run, await readWatch(this, run)) }]];
		}
		// One poll of a trigger at a time: n8n's legacy scheduling starts a poll on every tick, even while the last one
		// still runs, and both would read the same saved state and emit the same events.
		const key = triggerKey(this);
		if (pollsUnderWay.has(key)) {
			log(
				this,
				'warn',
				"this poll was skipped because the previous poll of the trigger is still running (it reads and saves the trigger's state; nothing is missed, the next poll reads on from it). If this repeats, poll less often or watch one dataset.",
			);
			return null;
		}
		pollsUnderWay.add(key);
		const budget = PollBudget.of(this);
		try {
			return await pollOnce(this, budget);
		} finally {
			budget?.end();
			pollsUnderWay.delete(key);
		}
	}
}

/** Polls under way in this process, by workflow and trigger node; each entry lives exactly as long as its poll. */
const pollsUnderWay = new Set<string>();
/** How many polls of this node type run in this process now (what the one-poll guard holds). */
export const pollsRunning = () => pollsUnderWay.size;

function triggerKey(context: IPollFunctions): string {
	const workflow = context.getWorkflow();
	const node = context.getNode();
	return JSON.stringify([workflow.id ?? workflow.name ?? '', node.id ?? node.name]);
}

/** One poll that no other poll of the trigger runs beside; within n8n's budget for a poll, where it gives one. */
async function pollOnce(context: IPollFunctions, budget?: PollBudget): Promise<INodeExecutionData[][] | null> {
	// One run per poll: its requests share one pace, answer budget and login wait; the budget's end aborts them.
	const run = new Run(budget ? budget.bind(context) : context);
	const watch = await readWatch(context, run).catch((error: unknown) => unlessSpent(budget, error));
	if (!watch) {
		logOutOfTime(context, budget, 'before it read anything');
		return null;
	}

	const now = Date.now();
	const { state, scopes, firstActivation } = readState(context, watch);
	const loaded = firstActivation ? '' : savedJson(scopes);
	/** Left and cut: lists left for the next poll and lists read in part (n8n's time budget for a poll ran out). */
	const poll = { watched: new Set<string>(), emitted: [] as Output[], left: 0, cut: 0 };
	/** Reads one scope, unless the budget is over: a scope not read keeps its state for the next poll. */
	const readScope = async (key: string, read: () => Promise<void>) => {
		try {
			if (!budget?.over) return await read();
		} catch (error) {
			unlessSpent(budget, error);
		}
		poll.watched.add(key);
		poll.left++;
	};
	/** At the first activation a scope only records; a scope that appears later starts empty (all is new). */
	const pollScope = async (key: string, kind: 'job' | 'asset', list: [ApiRequest, PageStyle], datasetId?: string) => {
		poll.watched.add(key);
		const saved = scopes.get(key);
		const scope = saved ?? { ...newScopeState(), addedAt: now };
		const activating = saved === undefined && firstActivation;
		const observe = kind === 'job' ? observeJob : observeAsset;
		const scan = await scanNewestFirst(run, list, observe, activating ? undefined : scope, now, budget);
		if (scan.cut && scan.observations.length === 0) {
			// Cut off before it read a record: the scope stays as the last poll left it (an activation is made again).
			poll.left++;
			return;
		}
		if (scan.cut) poll.cut++;
		scopes.set(key, scope);
		if (!scan.ordered) scope.disordered = true;
		else if (scan.complete) delete scope.disordered;
		const rereadFrom = scan.rereadFrom ?? undefined;
		if (activating) return startScope(scope, kind, scan.observations, now, rereadFrom);
		for (const change of detectEvents(scope, kind, scan.observations, watch.events, now, rereadFrom)) {
			if (kind === 'job' && watch.jobStatuses.size > 0 && !watch.jobStatuses.has(change.status)) continue;
			poll.emitted.push({ ...change, kind, datasetId: datasetId ?? String(change.record.dataset_id ?? '') });
		}
	};
	if (JOB_EVENTS.some((event) => watch.events.has(event))) {
		const key = `jobs:${watch.datasetId ?? '*'}`;
		await readScope(key, () => pollScope(key, 'job', jobsPages(watch.datasetId)));
	}
	let listedWhole = true;
	if (ASSET_EVENTS.some((event) => watch.events.has(event))) {
		let datasets: { ids: string[]; whole: boolean } = { ids: [], whole: false };
		await readScope('datasets', async () => {
			datasets = await watchedDatasets(context, run, watch);
		});
		listedWhole = datasets.whole;
		for (const datasetId of datasets.ids) {
			const key = `assets:${datasetId}`;
			await readScope(key, () => pollScope(key, 'asset', assetStatusPages(datasetId), datasetId));
		}
	}
	if (poll.left > 0 || poll.cut > 0) {
		logOutOfTime(context, budget, `with ${poll.cut} of its lists read in part and ${poll.left} left for the next poll`);
	}
	// An activation that left a list unread is made again: that list would count as new at the next poll.
	if (firstActivation && poll.left > 0) {
		delete state.watching;
		return null;
	}

	keepWatched(scopes, poll.watched, listedWhole, now);
	const letGo = boundScopes(scopes.values());
	if (letGo.count > 0) {
		// Routine for old entities; a warning when some were still in the look-back window (a burst past the bound).
		log(
			context,
			letGo.recent > 0 ? 'warn' : 'debug',
			`its saved state reached its bound, so it let go of the ${letGo.count} oldest jobs or assets it recorded (${letGo.recent} of them from the last minute); those are never new again, and a change of one of them is emitted only when it ends (docs: Across polls)`,
		);
	}
	// n8n saves static data only when it notices a change, and it watches only the objects it loaded: scopes added
	// since then change unseen. Setting the node's own key is seen, so every change of the record is saved.
	const saved = savedJson(scopes);
	if (saved !== loaded) state.scopes = JSON.parse(saved) as IDataObject;

	if (poll.emitted.length === 0) return null;
	poll.emitted.sort((a, b) => a.time - b.time);
	return [poll.emitted.map((change) => ({ json: toOutput(change) }))];
}

/** A line of n8n's log that names the trigger and its workflow. */
function log(context: IPollFunctions, level: 'warn' | 'debug', text: string): void {
	const { name } = context.getNode();
	context.logger[level](`Media Analysis Trigger "${name}": ${text}`, { workflowId: context.getWorkflow().id });
}

function logOutOfTime(context: IPollFunctions, budget: PollBudget | undefined, what: string): void {
	const seconds = Math.round((budget?.ms ?? 0) / 1000);
	const text = `the poll reached the time n8n gives a poll (${seconds} s) ${what}; what it read is kept and the next poll reads on`;
	log(context, 'warn', text);
}

type Scopes = Map<string, ScopeState>;

const savedJson = (scopes: Scopes) =>
	JSON.stringify(Object.fromEntries([...scopes].map(([key, scope]) => [key, saveScope(scope)])));

async function readWatch(context: IPollFunctions, run: Run): Promise<Watch> {
	const events = new Set(context.getNodeParameter('events', []) as TriggerEvent[]);
	const datasetId = await readDatasetId(context, run);
	const jobStatuses = new Set(context.getNodeParameter('jobStatuses', []) as string[]);
	if (events.size === 0) {
		throw new NodeOperationError(context.getNode(), 'No event chosen', {
			description: 'Choose at least one event under Events.',
		});
	}
	for (const event of events) {
		const statuses = END_STATUSES[event] ?? [];
		if (statuses.length > 0 && jobStatuses.size > 0 && !statuses.some((status) => jobStatuses.has(status))) {
			const named = statuses.map((status) => `"${status}"`).join(' and ');
			throw new NodeOperationError(
				context.getNode(),
				`Job Statuses leaves out ${named}, so the event ${event} can never fire`,
				{
					description: `Add ${statuses.join(' or ')} to Job Statuses, clear Job Statuses, or remove the event from Events.`,
				},
			);
		}
	}
	return { events, datasetId, jobStatuses };
}

/** The dataset to watch, if any; By Name is looked up at every poll, so a replaced dataset starts afresh. */
async function readDatasetId(context: IPollFunctions, run: Run): Promise<string | undefined> {
	const raw = String(context.getNodeParameter('datasetId', '', { extractValue: true }) ?? '');
	if (raw.trim() === '') return undefined;
	const { mode } = context.getNodeParameter('datasetId', {}) as { mode?: string };
	return new Checks(context, 0).uuid(mode === 'name' ? await datasetIdNamed(run, raw) : raw, 'Dataset');
}

/** The node's saved scopes; a change of what is watched, or saved data it cannot read (with a warning), starts afresh. */
function readState(
	context: IPollFunctions,
	watch: Watch,
): { state: TriggerState; scopes: Scopes; firstActivation: boolean } {
	const state = context.getWorkflowStaticData('node') as TriggerState;
	const watching = JSON.stringify({
		d: watch.datasetId ?? null,
		e: [...watch.events].sort(),
		s: [...watch.jobStatuses].sort(),
	});
	const saved = readScopes(state.scopes);
	if (state.watching === watching && saved) return { state, scopes: saved, firstActivation: false };
	if (state.watching === watching && state.scopes !== undefined) {
		context.logger.warn(
			'Media Analysis Trigger: its saved state was unreadable and was reset; events from before this poll are not emitted',
		);
	}
	state.watching = watching;
	state.scopes = {};
	return { state, scopes: new Map(), firstActivation: true };
}

/** The datasets whose asset statuses to read, and whether no page of their list shifted. */
async function watchedDatasets(
	context: IPollFunctions,
	run: Run,
	watch: Watch,
): Promise<{ ids: string[]; whole: boolean }> {
	if (watch.datasetId) return { ids: [watch.datasetId], whole: true };
	const idOf = (record: IDataObject) => (typeof record.id === 'string' ? record.id : undefined);
	const ids = new Set<string>();
	let whole = true;
	for await (const page of overlappingPages(run, listEndpoint('datasets.list'), idOf)) {
		if (page.shifted) whole = false;
		// Read as the trigger reads every record: each field checked, so a record missing one is passed over.
		for (const id of page.records.map(liveDatasetId)) if (id !== undefined) ids.add(id);
	}
	if (ids.size > MAX_DATASETS) {
		throw new NodeOperationError(
			context.getNode(),
			`The account lists ${ids.size} datasets; the trigger watches at most ${MAX_DATASETS}`,
			{
				description:
					'Choose a dataset under Dataset (one trigger per dataset), so each poll reads the asset statuses of one dataset.',
			},
		);
	}
	return { ids: [...ids], whole };
}

/**
 * Drops the scope of a dataset no longer listed, unless the list may have left it out (it shifted, or the scope is
 * younger than LOOK_BACK_MS): those are kept while the scopes stay within MAX_DATASETS + 1.
 */
function keepWatched(scopes: Scopes, watched: Set<string>, listedWhole: boolean, now: number): void {
	let room = MAX_DATASETS + 1 - watched.size;
	for (const [key, scope] of scopes) {
		const young = scope.addedAt !== undefined && now - scope.addedAt < LOOK_BACK_MS;
		if (!young) delete scope.addedAt;
		if (watched.has(key)) continue;
		if ((young || !listedWhole) && room > 0) room--;
		else scopes.delete(key);
	}
}
