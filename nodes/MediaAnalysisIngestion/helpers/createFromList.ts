import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { IngestJobAsset } from '../../shared/api';
import { datasetLocator, getDatasetId, getWaitOptions, waitForCompletionFields } from '../../shared/descriptions';
import { asNodeError, errorItem } from '../../shared/router';
import { apiRequest, type WaitOptions } from '../../shared/transport';
import { assetListFields, type ListKind, readAssetList } from './assets';
import { chunkItems, describeItems, type Chunk, type Entry } from './batching';
import { combineItemsField, getConnectionName, ingestionConnection, MAX_ASSETS_PER_REQUEST } from './fields';
import { explainCreateFailure } from './errors';
import { recoverCreatedJob, sameSourcePaths, waitForJob } from './jobs';

const PATHS: Record<ListKind, string> = {
	assets: '/api/v1/ingestion/assets',
	images: '/api/v1/ingestion/images',
	videos: '/api/v1/ingestion/videos',
};

/** The parameters of Create From Assets / Images / Videos. */
export function createFromListProperties(kind: ListKind): INodeProperties[] {
	return [
		datasetLocator({ description: `The dataset to ingest the ${kind} into` }),
		...assetListFields(kind),
		ingestionConnection(
			false,
			'The connection to the bucket holding the files; leave empty when the source paths are public URLs',
		),
		combineItemsField,
		...waitForCompletionFields('ingestion job'),
	];
}

interface ItemRequest {
	datasetId: string;
	connectionName: string | null;
	wait?: WaitOptions;
}

/** The job as one input item sees it: `details.assets` narrowed to that item's assets when the job holds others too. */
function forEntry(job: IDataObject, entry: Entry, requestSize: number): IDataObject {
	const details = job.details as { assets?: unknown[] } | null | undefined;
	const whole = entry.start === 0 && entry.end === requestSize;
	if (whole || !Array.isArray(details?.assets) || details.assets.length !== requestSize) return job;
	return { ...job, details: { ...details, assets: details.assets.slice(entry.start, entry.end) } };
}

/**
 * Create From Assets / Images / Videos for every input item at once: reads and checks every item first, sends
 * one request per 100 assets (per item, or packed across items with Combine Items), then waits for the jobs if
 * asked. Each input item gets one output item per job that took its assets, paired to it.
 */
export async function createJobsFromLists(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	kind: ListKind,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const output: Array<{ itemIndex: number; data: INodeExecutionData }> = [];
	const fail = (error: unknown, itemIndex: number) => output.push({ itemIndex, data: errorItem(error, itemIndex) });

	const requests = new Map<number, ItemRequest>();
	const lists: Array<{ itemIndex: number; key: string; values: IngestJobAsset[] }> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const request: ItemRequest = {
				datasetId: getDatasetId.call(this, itemIndex),
				connectionName: getConnectionName.call(this, itemIndex, false),
				wait: getWaitOptions.call(this, itemIndex),
			};
			const values = readAssetList.call(this, kind, itemIndex);
			requests.set(itemIndex, request);
			lists.push({ itemIndex, key: `${request.datasetId} ${request.connectionName ?? ''}`, values });
		} catch (error) {
			if (!this.continueOnFail()) throw asNodeError(node, error, itemIndex);
			fail(error, itemIndex);
		}
	}

	const combine = this.getNodeParameter('combineItems', 0, false) as boolean;
	const chunks = chunkItems(lists, combine, MAX_ASSETS_PER_REQUEST);
	const created: Array<{ chunk: Chunk<IngestJobAsset>; job: IDataObject }> = [];
	for (const chunk of chunks) {
		const first = chunk.entries[0].itemIndex;
		const { datasetId, connectionName } = requests.get(first) as ItemRequest;
		const body: IDataObject = { dataset_id: datasetId, [kind]: chunk.values };
		if (connectionName) body.connection_name = connectionName;
		try {
			const job = await apiRequest.call(this, {
				method: 'POST',
				path: PATHS[kind],
				body,
				itemIndex: first,
				explain: explainCreateFailure,
				recover: recoverCreatedJob.call(
					this,
					datasetId,
					sameSourcePaths(chunk.values.map((value) => String(value.source_path))),
					first,
				),
			});
			created.push({ chunk, job });
		} catch (error) {
			if (!this.continueOnFail()) throw withJobsAlreadyCreated(asNodeError(node, error, first), created);
			for (const entry of chunk.entries) fail(error, entry.itemIndex);
		}
	}

	// Waiting starts once every job exists, so the jobs run side by side and share one deadline.
	const startedAt = Date.now();
	for (const { chunk, job } of created) {
		const first = chunk.entries[0].itemIndex;
		const wait = requests.get(first)?.wait;
		let result = job;
		if (wait) {
			try {
				result = (await waitForJob.call(this, String(job.id), first, { ...wait, startedAt })) as IDataObject;
			} catch (error) {
				if (!this.continueOnFail()) throw asNodeError(node, error, first);
				for (const entry of chunk.entries) fail(error, entry.itemIndex);
				continue;
			}
		}
		for (const entry of chunk.entries) {
			output.push({
				itemIndex: entry.itemIndex,
				data: { json: forEntry(result, entry, chunk.values.length), pairedItem: { item: entry.itemIndex } },
			});
		}
	}
	// In input order; an item's own outputs keep the order of its requests (the sort is stable).
	return output.sort((a, b) => a.itemIndex - b.itemIndex).map(({ data }) => data);
}

/** A failed request after others succeeded: says which jobs exist, so that running again does not ingest twice. */
function withJobsAlreadyCreated<E extends { description?: string | null }>(
	error: E,
	created: Array<{ chunk: Chunk<IngestJobAsset>; job: IDataObject }>,
): E {
	if (created.length === 0) return error;
	const jobs = created
		.map(({ chunk, job }) => `${String(job.id)} (${describeItems(chunk.entries.map((entry) => entry.itemIndex))})`)
		.join(', ');
	error.description = `${error.description ?? ''}\nEarlier requests of this run already created ingestion jobs ${jobs}; running the node again would ingest those assets a second time.`.trim();
	return error;
}
