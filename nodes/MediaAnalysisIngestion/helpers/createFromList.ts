import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { IngestJobAsset } from '../../shared/schemas.generated';
import { datasetLocator, waitForCompletionFields } from '../../shared/descriptions';
import { resolveDatasetId, getWaitOptions } from '../../shared/readers';
import type { RequestOf } from '../../shared/endpoints';
import { includeInputFieldsProperty, withInputFields } from '../../shared/inputFields';
import { createIngestJob } from '../../shared/ingestJobs';
import type { ItemRunner } from '../../shared/router';
import { type Run, type WaitOptions } from '../../shared/run';
import { assertDatasetAccepts, readDataset } from './assetTypes';
import { assetListFields, itemFieldsReader, type ListKind, readAssetList } from './assets';
import { chunkItems, describeItems, type Chunk, type Entry } from './batching';
import { createOptions, getConnectionName, ingestNotice, MAX_ASSETS_PER_REQUEST } from '../actions/fields';
import { existingAssetsFields, heldAssets, readExistingAssets, saysWhatHappened } from './existing';
import { waitForJob } from './jobs';
import { outcomeOf, readJobAssetStatuses, type AssetOutcome } from './jobStatus';

const CREATE = {
	assets: 'ingestion.createIngestJobFromAssets',
	images: 'ingestion.createIngestJobFromImages',
	videos: 'ingestion.createIngestJobFromVideos',
} as const;

/** Create From Assets / Images / Videos; Wait for Completion is top level: it decides what the node outputs. */
export function createFromListOperation(kind: ListKind) {
	const properties: INodeProperties[] = [
		ingestNotice(`the ${kind} of every input item`),
		datasetLocator({ description: `The dataset to ingest the ${kind} into` }, { byName: true }),
		...assetListFields(kind),
		...existingAssetsFields,
		...waitForCompletionFields(
			'ingestion job',
			'Whether to wait until the ingestion job has finished. On: each asset comes out with status completed, or error with error_code and error_reason (e.g. broken_url); a failed asset does not stop the others unless Options › When an Asset Fails says so. Off: each asset comes out at once with status pending.',
		),
		createOptions(
			'The connection to the bucket holding the files; leave it out when the source paths are public http(s) URLs',
			[combineItemsField, assetFailureField, includeInputFieldsProperty("e.g. a CSV row's other columns")],
		),
	];
	return {
		description: properties,
		async executeBatch(this: IExecuteFunctions, items: INodeExecutionData[], runner: ItemRunner) {
			return await createJobsFromLists.call(this, items, runner, kind);
		},
	};
}

const combineItemsField: INodeProperties = {
	displayName: 'Combine Items',
	name: 'combineItems',
	type: 'boolean',
	default: true,
	description:
		'Whether to send the assets of all input items together, 100 per request, instead of one request per item. Each asset still comes out as its own item, paired to its input item, with the job that took it.',
};

const assetFailureField: INodeProperties = {
	displayName: 'When an Asset Fails',
	name: 'assetFailure',
	type: 'options',
	options: [
		{
			name: 'Output It With Its Error',
			value: 'output',
			description:
				"The item comes out with status error and the asset's error_code and error_reason; the other items flow on",
		},
		{
			name: 'Fail the Node',
			value: 'fail',
			description:
				'Stop with an error naming the item and the asset (with Continue On Fail, the item becomes an error item)',
		},
	],
	default: 'output',
	// Inside Options: "/" reads Wait for Completion at the top level.
	displayOptions: { show: { '/waitForCompletion': [true] } },
};

interface ItemRequest {
	datasetId: string;
	connectionName: string | null;
	wait?: WaitOptions;
}

type JobAsset = { asset?: { source_path?: string }; asset_id?: string | null; error?: string | null };

/** What a finished job says of an asset it does not list (or lists without a status): its own status and error. */
function jobOutcome(job: IDataObject, asset: JobAsset = {}): AssetOutcome {
	const failed = Boolean(asset.error) || job.status !== 'completed';
	return {
		asset_id: asset.asset_id ?? null,
		source_path: asset.asset?.source_path ?? null,
		status: failed ? 'error' : 'completed',
		error_code: null,
		error_reason:
			asset.error ?? (failed ? ((job.error_details as string | null) ?? `the job is ${String(job.status)}`) : null),
	};
}

/** A finished job's assets by platform ID and by source path, from one read of the job status endpoint. */
async function settledAssets(this: IExecuteFunctions, run: Run, job: IDataObject, itemIndex: number) {
	const { assets } = await readJobAssetStatuses.call(this, run, String(job.id), itemIndex, { returnAll: true });
	const byId = new Map(assets.map((status) => [status.asset_id, status]));
	const byPath = new Map(assets.map((status) => [status.source_path, status]));
	return (asset: JobAsset): AssetOutcome => {
		const status = (asset.asset_id && byId.get(asset.asset_id)) || byPath.get(asset.asset?.source_path);
		// The status list lacks the asset: the job's own record is all there is to say.
		return status ? outcomeOf(status) : jobOutcome(job, asset);
	};
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Fail the Node: the item's first failed asset as an error naming the item, the asset and its code. */
function assetFailed(this: IExecuteFunctions, assets: AssetOutcome[], itemIndex: number): NodeOperationError {
	const failed = assets.filter((outcome) => outcome.status !== 'completed');
	const first = failed[0];
	const what = first.error_code ?? first.status;
	return new NodeOperationError(
		this.getNode(),
		`${failed.length} of ${assets.length} assets of item ${itemIndex} failed: ${first.source_path ?? first.asset_id ?? 'an asset'} (${what})`,
		{
			description: `${sentence(first.error_reason ?? `Its status is ${first.status}`)} Fix the source and ingest it again, or set When an Asset Fails to Output It With Its Error to let the other items flow on.`,
			itemIndex,
		},
	);
}

/** Reads and checks every item first (its dataset accepts its asset type), then sends one request per 100 assets (packed across items with Combine Items). */
async function createJobsFromLists(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	runner: ItemRunner,
	kind: ListKind,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();

	const readRequest = async (itemIndex: number): Promise<ItemRequest> => ({
		datasetId: await resolveDatasetId(runner.run, itemIndex),
		connectionName: getConnectionName.call(this, itemIndex),
		wait: getWaitOptions.call(this, itemIndex),
	});
	// Settings without an expression are the same for every item: read once, not once per item.
	const shared =
		items.length > 0 && sameForEveryItem(node.parameters, [kind, `${kind}Json`]) ? readRequest(0) : undefined;
	shared?.catch(() => undefined); // its failure is reported per item below
	const fromItem =
		this.getNodeParameter('inputMode', 0, 'fields') === 'itemFields' ? itemFieldsReader.call(this, kind) : undefined;
	const requests = new Map<number, ItemRequest>();
	const lists: Array<{ itemIndex: number; key: string; values: IngestJobAsset[] }> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		await runner.attempt([itemIndex], async () => {
			const request = await (shared ?? readRequest(itemIndex));
			const values = fromItem
				? fromItem(items[itemIndex].json, itemIndex, request.connectionName !== null)
				: readAssetList.call(this, kind, itemIndex, request.connectionName !== null);
			requests.set(itemIndex, request);
			lists.push({ itemIndex, key: `${request.datasetId} ${request.connectionName ?? ''}`, values });
		});
	}

	// Once every item reads well: each dataset, read once, must accept the asset type (else every asset would fail).
	const accepted: typeof lists = [];
	for (const list of lists) {
		const { itemIndex, values } = list;
		const datasetId = (requests.get(itemIndex) as ItemRequest).datasetId;
		const dataset = async () => await readDataset(runner.run, datasetId, itemIndex);
		if (
			await runner.attempt([itemIndex], async () =>
				assertDatasetAccepts.call(this, await dataset(), kind, values, itemIndex),
			)
		)
			accepted.push(list);
	}

	// Already in Dataset: each item's assets the dataset holds (by position) are not sent; an item left with none
	// makes no job.
	const mode = readExistingAssets.call(this);
	const datasetOf = (itemIndex: number) => (requests.get(itemIndex) as ItemRequest).datasetId;
	const held =
		mode === 'ingest'
			? undefined
			: await heldAssets(
					runner,
					accepted.map(({ itemIndex, values }) => ({
						itemIndex,
						datasetId: datasetOf(itemIndex),
						sourcePaths: values.map((value) => String(value.source_path)),
					})),
					mode,
				);
	const skipped = new Map<number, Array<AssetOutcome | undefined>>();
	const toSend: typeof lists = [];
	for (const list of accepted) {
		if (held?.failed.has(list.itemIndex)) continue;
		const marks = list.values.map((value) => held?.at(datasetOf(list.itemIndex), String(value.source_path)));
		skipped.set(list.itemIndex, marks);
		const values = list.values.filter((_value, position) => !marks[position]);
		if (values.length > 0) toSend.push({ ...list, values });
	}

	const combine = this.getNodeParameter('options.combineItems', 0, true) as boolean;
	const chunks = chunkItems(toSend, combine, MAX_ASSETS_PER_REQUEST);
	const created: Created[] = [];
	// Items that already have their error item (a row whose assets went in two requests fails once).
	const failed = new Set<number>();
	for (const chunk of chunks) {
		const first = chunk.entries[0].itemIndex;
		const { datasetId, connectionName } = requests.get(first) as ItemRequest;
		const body: IDataObject = { dataset_id: datasetId, [kind]: chunk.values };
		if (connectionName) body.connection_name = connectionName;
		const itemIndexes = chunk.entries.map((entry) => entry.itemIndex).filter((itemIndex) => !failed.has(itemIndex));
		if (itemIndexes.length === 0) continue; // every row it serves has failed already: nothing of theirs is sent
		const sent = await runner.attempt(
			itemIndexes,
			async () => {
				const job = await createIngestJob(runner.run, CREATE[kind], body as RequestOf<(typeof CREATE)[ListKind]>, {
					datasetId,
					sourcePaths: chunk.values.map((value) => String(value.source_path)),
					itemIndex: first,
				});
				created.push({ chunk, job });
			},
			(error) => withJobsAlreadyCreated(error, created),
		);
		if (!sent) for (const itemIndex of itemIndexes) failed.add(itemIndex);
	}

	// Waiting starts once every job exists, so the jobs run side by side and share one deadline; their waits do too.
	const startedAt = Date.now();
	const says = saysWhatHappened.call(this, mode);
	return await assetsOutput.call(this, items, runner, { created, requests, failed, startedAt, skipped, says });
}

interface Created {
	chunk: Chunk<IngestJobAsset>;
	job: IDataObject;
}

type OutputAsset = AssetOutcome & {
	dataset_id: string | null;
	ingest_job_id: string | null;
	job_status: string | null;
	/** What this run did with the asset (from version 1.1, or when asked to skip). */
	ingestion?: 'created' | 'skipped';
};

/** The assets one input item sent in a request, named as the job lists them (or by their source paths). */
function assetsOfEntry(job: IDataObject, chunk: Chunk<IngestJobAsset>, entry: Entry): JobAsset[] {
	const listed = (job.details as { assets?: JobAsset[] } | null | undefined)?.assets;
	if (Array.isArray(listed) && listed.length === chunk.values.length) return listed.slice(entry.start, entry.end);
	return chunk.values
		.slice(entry.start, entry.end)
		.map((value) => ({ asset: { source_path: value.source_path }, asset_id: null }));
}

/** An asset of a job not waited for: pending, unless the service already answered with a finished job. */
function createdOutcome(job: IDataObject): (asset: JobAsset) => AssetOutcome {
	const settled = ['completed', 'failed', 'stopped'].includes(String(job.status));
	return (asset) =>
		settled ? jobOutcome(job, asset) : { ...jobOutcome(job, asset), status: 'pending', error_reason: null };
}

/**
 * One item per asset, paired to its input item, in the order of the item's assets whatever the jobs they went into;
 * with When an Asset Fails › Fail the Node, an item with a failed asset becomes one error instead.
 */
async function assetsOutput(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	runner: ItemRunner,
	{
		created,
		requests,
		failed,
		startedAt,
		skipped,
		says,
	}: {
		created: Created[];
		requests: Map<number, ItemRequest>;
		failed: Set<number>;
		startedAt: number;
		/** Per item, per asset: what the dataset held instead of sending it, or undefined (it was sent). */
		skipped: Map<number, Array<AssetOutcome | undefined>>;
		/** Whether each item says what happened to its asset (`ingestion`). */
		says: boolean;
	},
): Promise<INodeExecutionData[]> {
	// Per row, per job (in the order the jobs were created, which is the order of the row's assets).
	const shares = new Map<number, Array<{ index: number; assets: OutputAsset[] }>>();
	await runner.sideBySide(created.length, async (index) => {
		const { chunk, job } = created[index];
		const live = chunk.entries.map((entry) => entry.itemIndex).filter((itemIndex) => !failed.has(itemIndex));
		if (live.length === 0) return;
		const first = chunk.entries[0].itemIndex;
		const wait = requests.get(first)?.wait;
		let result = job;
		let outcomeOfAsset = createdOutcome(job);
		if (wait) {
			try {
				result = (await waitForJob(
					runner.run,
					String(job.id),
					first,
					{ ...wait, startedAt },
					{ settleOnFailure: true },
				)) as IDataObject;
				outcomeOfAsset = await settledAssets.call(this, runner.run, result, first);
			} catch (error) {
				// A row whose other job failed too already has its error item.
				const fresh = live.filter((itemIndex) => !failed.has(itemIndex));
				for (const itemIndex of live) failed.add(itemIndex);
				if (fresh.length > 0) runner.fail(error, fresh);
				return;
			}
		}
		const jobFields = { ingest_job_id: String(result.id), job_status: (result.status as string | undefined) ?? null };
		for (const entry of chunk.entries) {
			const dataset = { dataset_id: requests.get(entry.itemIndex)?.datasetId ?? null };
			const assets = assetsOfEntry(result, chunk, entry).map((asset) => ({
				...outcomeOfAsset(asset),
				...dataset,
				...jobFields,
			}));
			const share = shares.get(entry.itemIndex) ?? [];
			share.push({ index, assets });
			shares.set(entry.itemIndex, share);
		}
	});
	const includeInput = this.getNodeParameter('options.includeInputFields', 0, false) as boolean;
	const outputs = [...new Set([...shares.keys(), ...skipped.keys()])].sort((a, b) => a - b);
	for (const itemIndex of outputs) {
		if (failed.has(itemIndex)) continue;
		const sent = (shares.get(itemIndex) ?? []).sort((a, b) => a.index - b.index).flatMap((part) => part.assets);
		const assets = inItemOrder(sent, skipped.get(itemIndex), requests.get(itemIndex)?.datasetId ?? null, says);
		const waited = requests.get(itemIndex)?.wait !== undefined;
		if (
			waited &&
			sent.some((asset) => asset.status !== 'completed') &&
			this.getNodeParameter('options.assetFailure', itemIndex, 'output') === 'fail'
		) {
			runner.fail(assetFailed.call(this, assets, itemIndex), [itemIndex]);
			continue;
		}
		runner.emit(
			itemIndex,
			assets.map((asset) => withInputFields(includeInput, items[itemIndex].json, asset)),
		);
	}
	return runner.output();
}

/**
 * An item's assets in the order it gave them: those sent (in order) and those the dataset held (no job), each saying
 * which when `says`. Skipped ones carry the status the dataset lists for them when looked up.
 */
function inItemOrder(
	sent: OutputAsset[],
	marks: Array<AssetOutcome | undefined> = sent.map(() => undefined),
	datasetId: string | null,
	says: boolean,
): OutputAsset[] {
	let next = 0;
	return marks.map((held) => {
		const asset: OutputAsset = held
			? { ...held, dataset_id: datasetId, ingest_job_id: null, job_status: null }
			: { ...sent[next++] };
		if (says) asset.ingestion = held ? 'skipped' : 'created';
		return asset;
	});
}

/** Whether no parameter but the per-item lists holds an expression, so that every item reads the same values. */
function sameForEveryItem(parameters: INodeParameters, perItem: string[]): boolean {
	const hasExpression = (value: unknown): boolean =>
		typeof value === 'string'
			? value.startsWith('=')
			: value !== null && typeof value === 'object' && Object.values(value).some(hasExpression);
	return Object.entries(parameters).every(([name, value]) => perItem.includes(name) || !hasExpression(value));
}

/** A failed request after others succeeded: says which jobs exist, so that running again does not ingest twice. */
function withJobsAlreadyCreated<E extends { description?: string | null }>(error: E, created: Created[]): E {
	if (created.length === 0) return error;
	const jobs = created
		.map(({ chunk, job }) => `${String(job.id)} (${describeItems(chunk.entries.map((entry) => entry.itemIndex))})`)
		.join(', ');
	error.description =
		`${error.description ?? ''}\nEarlier requests of this run already created ingestion jobs ${jobs}; running the node again would ingest those assets a second time.`.trim();
	return error;
}
