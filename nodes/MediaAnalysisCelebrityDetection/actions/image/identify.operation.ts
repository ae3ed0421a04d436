import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Status, IngestJobStatusResponse } from '../../../shared/schemas.generated';
import { collection, datasetLocator, numberField, textField } from '../../../shared/descriptions';
import { createIngestJob, jobState } from '../../../shared/ingestJobs';
import type { Item } from '../../../shared/item';
import { type Run, WAIT_DEFAULTS, type WaitOptions } from '../../../shared/run';
import { notice } from '../../../shared/node';
import { imageUrl, shownUrl } from './imageInput';

/** Options › Poll Interval and Timeout: Identify waits as every ingestion does (`WAIT_DEFAULTS`). */
const waitOptions = collection('Options', 'options', 'Add option', [
	numberField(
		'Poll Interval (Seconds)',
		'pollInterval',
		WAIT_DEFAULTS.pollIntervalSeconds,
		'How often to ask the service whether the image has been ingested',
		{ minValue: 0.1, numberPrecision: 1 },
	),
	numberField(
		'Timeout (Seconds)',
		'waitTimeout',
		WAIT_DEFAULTS.timeoutSeconds,
		'How long to wait for the ingestion before failing; the image is deleted again either way',
		{ minValue: 1 },
	),
]);

export const option = {
	name: 'Identify Persons',
	description:
		'Identify enrolled persons in an image at a URL. Costs one image ingestion and its wait (several requests): the image is ingested into a dataset you choose, read, then deleted.',
	action: 'Identify persons in an image',
};

export const description: INodeProperties[] = [
	notice(
		'identifyNotice',
		"Each run ingests the image into the dataset below, waits for it, reads the persons found and deletes it again: one ingestion of your organization's use of the service, several requests and the ingestion time, per image",
	),
	datasetLocator({
		description:
			'A dataset with celebrity detection on. The image is ingested into it, read, and deleted again; a dataset kept for this keeps your own assets out of the way.',
	}),
	textField(
		'Image URL',
		'imageUrl',
		'e.g. https://example.com/photo.jpg',
		'Address of the image (http or https) that the Media Analysis Service can download without signing in. The service identifies persons only in images it has ingested: each run ingests this image (one ingestion of your usage, and its processing time), reads the persons in it, and deletes it. A file from an earlier node must be published at a URL first.',
		{ required: true },
	),
	waitOptions,
];

export const toolDescription =
	'Identifies enrolled persons (celebrities) in an image at a public URL. Costly: each call ingests the image into a dataset with celebrity detection on, waits for it and deletes it again. Needs the image URL and that dataset (its ID, a UUID, or its exact name). Returns the persons found, each with id, name, aliases and where in the image (bbox).';

/** What ingestion error codes mean for someone who gave an image URL. */
const FIXES: Record<string, string> = {
	broken_url:
		'The service could not download the URL. Check that it is public (no sign-in, no private network) and still valid.',
	permission_denied: 'The server refused the service access. Give a URL that anyone can open.',
	unsupported_format: 'The file is not an image the service reads. Give a JPEG or PNG image.',
	unknown_content_type: 'The service could not tell what the file is. Give a URL ending in the image type, e.g. .jpg.',
	file_too_large:
		'The image is too large for the service. Make it smaller, e.g. with the Edit Image node, and publish it again.',
};

type JobStatusData = IngestJobStatusResponse['data'];

/** One identification: the image at `url`, ingested into the dataset for the item. */
interface Target {
	run: Run;
	datasetId: string;
	url: string;
	itemIndex: number;
}

function assetOf(status: JobStatusData, sourcePath: string): Status | undefined {
	const assets = (status.assets as { data?: Status[] } | undefined)?.data ?? [];
	return assets.find((asset) => asset.source_path === sourcePath) ?? assets[0];
}

/**
 * The dataset must exist, take images, detect celebrities and not be inactive or deleted (the document allows a null
 * status, which is no reason to refuse), else ingesting would cost and find nobody.
 */
async function assertCelebrityDataset({ run, datasetId, itemIndex }: Target): Promise<void> {
	const dataset = await run.call('datasets.get', { params: { dataset_id: datasetId }, itemIndex });
	const types: string[] = dataset.allowed_asset_types ?? [];
	const problem = !types.includes('image')
		? `it accepts only ${types.map((type) => `${type}s`).join(' and ') || 'no asset type'}, not images`
		: dataset.dataset_config?.celebrity_detection_enabled !== true
			? 'it does not have celebrity detection on'
			: dataset.status !== null && dataset.status !== 'active'
				? `its status is ${dataset.status}`
				: undefined;
	if (!problem) return;
	throw new NodeOperationError(run.context.getNode(), `Dataset "${dataset.name}" cannot identify persons: ${problem}`, {
		description:
			'Choose an active dataset that accepts images, created with celebrity detection enabled (Datasets → Create, Dataset Config).',
		itemIndex,
	});
}

/** The dataset's asset ingested from exactly this path, if any (the status filter matches path prefixes). */
async function existingAsset({ run, datasetId, url, itemIndex }: Target) {
	const page = await run.call('ingestion.getDatasetAssetsStatus', {
		params: { dataset_id: datasetId },
		qs: { offset: 0, limit: 100 },
		body: { source_path: url },
		itemIndex,
	});
	// The document's empty answer has no `data`; the table's check leaves only records in it.
	const assets = (page.data ?? []) as Status[];
	return assets.find((asset) => asset.source_path === url);
}

async function personsIn(run: Run, imageId: string, itemIndex: number): Promise<IDataObject> {
	const found = await run.call('celebrities.getPersonsInImage', { params: { image_id: imageId }, itemIndex });
	return { persons: found.persons } as IDataObject;
}

async function ingestAndRead(
	{ run, datasetId, url, itemIndex }: Target,
	wait: WaitOptions,
	seen: { assetId?: string },
): Promise<IDataObject> {
	const body = { dataset_id: datasetId, images: [{ source_path: url }] };
	const job = await createIngestJob(run, 'ingestion.createIngestJobFromImages', body, {
		datasetId,
		sourcePaths: [url],
		itemIndex,
	});
	// A failed job settles the wait: its asset's error code says why.
	const settles = jobState(['completed', 'failed']);
	const settled = await run.wait<JobStatusData>(
		{
			read: async (deadline) => {
				const answer = await run.call('ingestion.getJobStatus', {
					params: { ingest_job_id: job.id },
					qs: { offset: 0, limit: 100 },
					itemIndex,
					deadline,
				});
				// Before the job has a status the service answers `{"data": []}`.
				const data = (
					Array.isArray(answer.data) || !answer.data ? { status: 'pending' } : answer.data
				) as JobStatusData;
				seen.assetId = assetOf(data, url)?.asset_id ?? seen.assetId;
				return data;
			},
			stateOf: (data) => settles(data.status),
			subject: `Ingesting the image at ${shownUrl(url)}`,
			statusOf: (data) => `${data.status}, image ${assetOf(data, url)?.status ?? 'not listed yet'}`,
			failureOf: () => ({
				reason: 'the ingestion job was stopped on the service',
				description: 'Someone stopped the job before it finished. Run the node again.',
			}),
			itemIndex,
		},
		wait,
	);
	const asset = assetOf(settled, url);
	if (!asset || asset.status !== 'completed') {
		const code = asset?.error_code ?? 'unknown';
		// The service quotes the URL in its reason; a signed URL's query must not reach the error.
		const reason = asset?.error_reason ? ` (${asset.error_reason.split(url).join(shownUrl(url))})` : '';
		throw new NodeOperationError(
			run.context.getNode(),
			`The service could not ingest the image at ${shownUrl(url)}: ${code}${reason}`,
			{
				description: Object.hasOwn(FIXES, code)
					? FIXES[code]
					: 'Check that the URL points to an image that anyone can download, then run again.',
				itemIndex,
			},
		);
	}
	return await personsIn(run, asset.asset_id, itemIndex);
}

/**
 * Deletes the image this run ingested, by its id when known, else by its source path (new to the dataset). It is
 * clean-up: sent also when the execution was cancelled or the node is stopping, within its own short bound. Returns
 * what was left and where when it could not be deleted, and logs it too: a cancelled run's error reaches nobody.
 */
async function removeIngested(
	{ run, datasetId, url, itemIndex }: Target,
	assetId: string | undefined,
): Promise<{ left: string; why: string } | undefined> {
	try {
		await run.call('ingestion.deleteAssets', {
			body: { dataset_id: datasetId, assets: [{ asset_type: 'image', identifier: assetId ?? url }] },
			itemIndex,
			cleanup: true,
		});
		return undefined;
	} catch (error) {
		// Named by the asset id, or by the URL without its query (a signed URL's secret).
		const image = assetId ? `asset ${assetId}` : `the image ingested from ${shownUrl(url)}`;
		const left = `The image stayed in dataset ${datasetId}: delete ${image} with Ingestion → Asset → Delete.`;
		const why = (error as Error).message;
		run.execution.logger.warn(
			`Media Analysis Celebrity Detection "${run.context.getNode().name}", Identify of item ${itemIndex}: ${left} (${why})`,
		);
		return { left, why };
	}
}

/**
 * n8n sends no body on a GET, and the service's identify endpoint takes the image only as a GET body, so identify
 * goes through the service's own steps instead (see docs/internals.md, "No GET with a body"):
 * ingest the URL into the chosen dataset, wait, read the persons in the image, delete it again. An image the dataset
 * already holds is read as it is and left in place.
 */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const datasetId = await item.datasetId();
	const url = imageUrl(item, item.param('imageUrl', '')).href;
	const options = item.options();
	const wait = item.readWait(options.pollInterval, options.waitTimeout);
	// Items of one run that identify the same URL in the same dataset share one ingest: side by side they would race
	// (ingest it twice, one deleting the image the other is reading).
	let first = false;
	const identified = run.lookup(
		JSON.stringify(['identify', datasetId, url]),
		async () => {
			first = true;
			return await identify({ run, datasetId, url, itemIndex }, wait);
		},
		{ keepFailure: true },
	);
	try {
		return { ...(await identified) };
	} catch (error) {
		// The item that ran the ingest throws its error; an item that shared it gets the same words as its own.
		const failure = error as NodeOperationError;
		if (first) throw failure;
		const { message, description } = failure;
		throw new NodeOperationError(run.context.getNode(), message, { description: description ?? undefined, itemIndex });
	}
}

async function identify(target: Target, wait: WaitOptions): Promise<IDataObject> {
	const { run, url, itemIndex } = target;
	const node = run.context.getNode();
	await assertCelebrityDataset(target);
	const existing = await existingAsset(target);
	if (existing) {
		if (existing.status === 'completed') return await personsIn(run, existing.asset_id, itemIndex);
		throw new NodeOperationError(
			node,
			`The dataset already holds the image at ${shownUrl(url)}, with status ${existing.status}; it was left as it is`,
			{
				description: 'Wait until it is ready and run again, or choose a dataset kept for identification.',
				itemIndex,
			},
		);
	}
	const seen: { assetId?: string } = {};
	let failure: NodeOperationError | NodeApiError | undefined;
	const result = await ingestAndRead(target, wait, seen).catch((error: unknown) => {
		const known = error instanceof NodeOperationError || error instanceof NodeApiError;
		failure = known ? error : new NodeOperationError(node, error as Error, { itemIndex });
	});
	// Deleted whether or not the persons were read.
	const kept = await removeIngested(target, seen.assetId);
	if (failure) {
		if (kept) failure.description = `${failure.description ?? ''} ${kept.left}`.trim();
		throw failure;
	}
	if (kept) {
		throw new NodeOperationError(
			node,
			`The persons were identified, but the image could not be deleted from the dataset: ${kept.why}`,
			{
				description: `${kept.left} Then run again: the image is read without ingesting it again.`,
				itemIndex,
			},
		);
	}
	return result as IDataObject;
}
