import type { IDataObject, INodeExecutionData, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { IngestJobAsset } from '../../shared/schemas.generated';
import { datasetLocator, waitForCompletionFields } from '../../shared/descriptions';
import { Item } from '../../shared/item';
import type { CheckedResponseOf, RequestOf } from '../../shared/endpoints';
import { includeInputFieldsProperty, withInputFields } from '../../shared/inputFields';
import {
	createIngestJob,
	outcomeOf,
	readJobAssetStatuses,
	waitForJob,
	type AssetOutcome,
} from '../../shared/ingestJobs';
import type { ItemRunner } from '../../shared/router';
import type { Run, WaitOptions } from '../../shared/run';
import { assetListFields, itemFieldsReader, type ListKind, readAssetList, title } from './assets';
import { chunkItems, describeItems, failOnce, type Chunk, type Entry } from './batching';
import { createOptions, getConnectionName, ingestNotice, MAX_ASSETS_PER_REQUEST } from '../actions/fields';
import { existingAssetsFields, heldAssets, readExistingAssets, type HeldRow } from './existing';

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
		executeBatch: async (items: INodeExecutionData[], runner: ItemRunner) =>
			await createJobsFromLists(items, runner, kind),
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

type JobAsset = { asset?: { source_path?: string }; asset_id?: string | null; error?: string | null };

/**
 * What a job's own record says of an asset (the job not waited for, or its status list lacking the asset): pending
 * while the job runs, else the job's status and error.
 */
function jobOutcome(job: IDataObject, asset: JobAsset): AssetOutcome {
	const finished = ['completed', 'failed', 'stopped'].includes(String(job.status));
	const failed = Boolean(asset.error) || job.status !== 'completed';
	const reason =
		asset.error ?? (failed ? ((job.error_details as string | null) ?? `the job is ${String(job.status)}`) : null);
	return {
		asset_id: asset.asset_id ?? null,
		source_path: asset.asset?.source_path ?? null,
		status: !finished ? 'pending' : failed ? 'error' : 'completed',
		error_code: null,
		error_reason: finished ? reason : null,
	};
}

/** A finished job's assets by platform ID and by source path, from one read of the job status endpoint. */
async function settledAssets(run: Run, job: IDataObject, itemIndex: number) {
	const { assets } = await readJobAssetStatuses(run, String(job.id), itemIndex, { returnAll: true });
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
function assetFailed(item: Item, assets: AssetOutcome[]): NodeOperationError {
	const failed = assets.filter((outcome) => outcome.status !== 'completed');
	const first = failed[0];
	const what = first.error_code ?? first.status;
	return new NodeOperationError(
		item.context.getNode(),
		`${failed.length} of ${assets.length} assets of item ${item.index} failed: ${first.source_path ?? first.asset_id ?? 'an asset'} (${what})`,
		{
			description: `${sentence(first.error_reason ?? `Its status is ${first.status}`)} Fix the source and ingest it again, or set When an Asset Fails to Output It With Its Error to let the other items flow on.`,
			itemIndex: item.index,
		},
	);
}

/** One input item: where its assets go, whether to wait for their job, and what became of each asset. */
interface Row extends HeldRow {
	item: Item;
	connectionName: string | null;
	wait?: WaitOptions;
	/** Per job it sent assets to, at the job's place in creation order (the order of its assets): their output. */
	sent: OutputAsset[][];
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

/** Reads and checks every item first (its dataset accepts its asset type), then sends one request per 100 assets (packed across items with Combine Items). */
async function createJobsFromLists(
	items: INodeExecutionData[],
	runner: ItemRunner,
	kind: ListKind,
): Promise<INodeExecutionData[]> {
	const readRequest = async (item: Item) => ({
		datasetId: await item.datasetId(),
		connectionName: getConnectionName(item),
		wait: item.waitOptions(),
	});
	// What holds for the whole run (Input Mode, Already in Dataset, Combine Items) is read of the first item.
	const settings = new Item(runner.run, 0);
	// Settings without an expression are the same for every item: read once, not once per item.
	const sameForAll = items.length > 0 && sameForEveryItem(settings.context.getNode().parameters, [kind, `${kind}Json`]);
	const shared = sameForAll ? readRequest(settings) : undefined;
	shared?.catch(() => undefined); // its failure is reported per item below
	const fromItem =
		settings.param<string>('inputMode', 'fields') === 'itemFields' ? itemFieldsReader(settings, kind) : undefined;
	const rows = new Map<number, Row>();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const item = new Item(runner.run, itemIndex);
		await runner.attempt([itemIndex], async () => {
			const request = await (shared ?? readRequest(item));
			const hasConnection = request.connectionName !== null;
			const assets = fromItem
				? fromItem(item, items[itemIndex].json, hasConnection)
				: readAssetList(item, kind, hasConnection);
			rows.set(itemIndex, { ...request, item, itemIndex, assets, held: [], sent: [] });
		});
	}

	// Once every item reads well: each dataset, read once, must accept the asset type (else every asset would fail).
	const accepted: Row[] = [];
	for (const row of rows.values()) {
		const { item, itemIndex, datasetId, assets } = row;
		const check = async () => {
			// Each dataset read once (a run of 10,000 rows into one dataset costs one read).
			const read = async () => await runner.run.call('datasets.get', { params: { dataset_id: datasetId }, itemIndex });
			const dataset = await runner.run.lookup(JSON.stringify(['dataset', datasetId]), read);
			assertDatasetAccepts(item, dataset, kind, assets);
		};
		if (await runner.attempt([itemIndex], check)) accepted.push(row);
	}

	// Already in Dataset: each item's assets the dataset holds are not sent; an item left with none makes no job.
	const { mode, says } = readExistingAssets(settings);
	const live = await heldAssets(runner, accepted, mode);
	const toSend = live.flatMap(({ itemIndex, datasetId, connectionName, assets, held }) => {
		const values = assets.filter((_asset, position) => !held[position]);
		return values.length > 0 ? [{ itemIndex, key: `${datasetId} ${connectionName ?? ''}`, values }] : [];
	});

	const rowOf = (itemIndex: number) => rows.get(itemIndex) as Row;
	const endpoint =
		`ingestion.createIngestJobFrom${title(kind)}` as `ingestion.createIngestJobFrom${Capitalize<ListKind>}`;
	const combine = settings.param<boolean>('options.combineItems', true);
	const created: Created[] = [];
	// Items that already have their error item (a row whose assets went in two requests fails once).
	const failed = new Set<number>();
	for (const chunk of chunkItems(toSend, combine, MAX_ASSETS_PER_REQUEST)) {
		const first = chunk.entries[0].itemIndex;
		const { datasetId, connectionName } = rowOf(first);
		const body: IDataObject = { dataset_id: datasetId, [kind]: chunk.values };
		if (connectionName) body.connection_name = connectionName;
		const itemIndexes = chunk.entries.map((entry) => entry.itemIndex).filter((itemIndex) => !failed.has(itemIndex));
		if (itemIndexes.length === 0) continue; // every row it serves has failed already: nothing of theirs is sent
		const sourcePaths = chunk.values.map((value) => String(value.source_path));
		const create = async () => {
			const request = body as RequestOf<typeof endpoint>;
			const job = await createIngestJob(runner.run, endpoint, request, { datasetId, sourcePaths, itemIndex: first });
			created.push({ chunk, job });
		};
		if (!(await runner.attempt(itemIndexes, create, (error) => withJobsAlreadyCreated(error, created))))
			for (const itemIndex of itemIndexes) failed.add(itemIndex);
	}

	// Waiting starts once every job exists, so the jobs run side by side and share one deadline; their waits do too.
	const startedAt = Date.now();
	await runner.sideBySide(created.length, async (index) => {
		const { chunk, job } = created[index];
		const alive = chunk.entries.map((entry) => entry.itemIndex).filter((itemIndex) => !failed.has(itemIndex));
		if (alive.length === 0) return;
		const first = chunk.entries[0].itemIndex;
		const wait = rowOf(first).wait;
		let result = job;
		let outcomeOfAsset = (asset: JobAsset) => jobOutcome(job, asset);
		if (wait) {
			try {
				const options = { ...wait, startedAt };
				result = (await waitForJob(runner.run, String(job.id), first, options, {
					settleOnFailure: true,
				})) as IDataObject;
				outcomeOfAsset = await settledAssets(runner.run, result, first);
			} catch (error) {
				failOnce(runner, failed, error, alive);
				return;
			}
		}
		const jobFields = { ingest_job_id: String(result.id), job_status: (result.status as string | undefined) ?? null };
		for (const entry of chunk.entries) {
			const row = rowOf(entry.itemIndex);
			const assets = assetsOfEntry(result, chunk, entry).map((asset) => ({
				...outcomeOfAsset(asset),
				dataset_id: row.datasetId,
				...jobFields,
			}));
			row.sent[index] = assets; // one entry per item and chunk (`chunkItems`)
		}
	});

	// One item per asset, paired to its input item, in the order the item gave them whatever the jobs they went into
	// (those the dataset held carry its status, and no job); with When an Asset Fails › Fail the Node, an item with a
	// failed asset becomes one error instead.
	const includeInput = settings.param<boolean>('options.includeInputFields', false);
	for (const { item, itemIndex, datasetId, wait, held, sent } of live) {
		if (failed.has(itemIndex)) continue;
		const outcomes = sent.flat(); // in creation order; skips the jobs the item sent nothing to
		let next = 0;
		const assets = held.map((holding) => {
			const asset: OutputAsset = holding
				? { ...holding, dataset_id: datasetId, ingest_job_id: null, job_status: null }
				: { ...outcomes[next++] };
			if (says) asset.ingestion = holding ? 'skipped' : 'created';
			return asset;
		});
		const failing = wait && outcomes.some((asset) => asset.status !== 'completed');
		if (failing && item.param<string>('options.assetFailure', 'output') === 'fail') {
			runner.fail(assetFailed(item, assets), [itemIndex]);
			continue;
		}
		runner.emit(
			itemIndex,
			assets.map((asset) => withInputFields(includeInput, items[itemIndex].json, asset)),
		);
	}
	return runner.output();
}

/** The assets one input item sent in a request, named as the job lists them (or by their source paths). */
function assetsOfEntry(job: IDataObject, chunk: Chunk<IngestJobAsset>, entry: Entry): JobAsset[] {
	const listed = (job.details as { assets?: JobAsset[] } | null | undefined)?.assets;
	if (Array.isArray(listed) && listed.length === chunk.values.length) return listed.slice(entry.start, entry.end);
	return chunk.values
		.slice(entry.start, entry.end)
		.map((value) => ({ asset: { source_path: value.source_path }, asset_id: null }));
}

type Dataset = CheckedResponseOf<'datasets.get'>;

const plural = (type: string) => `${type}s`;

/**
 * Refuses a list whose asset type the dataset does not accept, before anything is sent: the service would take the
 * job and fail every such asset with `unsupported_source_type`.
 */
function assertDatasetAccepts(item: Item, dataset: Dataset, kind: ListKind, assets: IngestJobAsset[]): void {
	const accepted: string[] = dataset.allowed_asset_types ?? [];
	// The asset types the list holds: its kind's, or (Create From Assets) each asset's declared one.
	const types = kind === 'assets' ? assets.map((asset) => String(asset.asset_type)) : [kind.slice(0, -1)];
	const refused = [...new Set(types)].filter((type) => ['image', 'video'].includes(type) && !accepted.includes(type));
	if (refused.length === 0) return;
	const other = accepted.length === 1 ? accepted[0] : undefined;
	const fix =
		kind === 'assets'
			? `set the Asset Type of each asset to ${accepted.join(' or ') || 'a type it accepts'}`
			: other
				? `use Create From ${title(plural(other))} for ${plural(other)}`
				: undefined;
	throw item.invalid(
		'Dataset',
		`dataset "${dataset.name}" accepts ${accepted.length ? `only ${accepted.map(plural).join(' and ')}` : 'no asset type'}, not ${refused.map(plural).join(' or ')}`,
		`Choose a dataset whose asset types include ${refused.join(' and ')} (Media Analysis Datasets › Get shows them as allowed_asset_types)${fix ? `, or ${fix}` : ''}. Nothing was sent.`,
	);
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
