import { type AssetKind, type AssetRecord, assetsOf, findAsset, stableUuid } from '../assets/model';
import type { Clock } from '../clock';
import type { DatasetRecord } from '../datasets/model';
import { HttpError, jsonReply } from '../http';
import {
	type DeclaredAssetType,
	type IngestJobRecord,
	type JobType,
	type MetadataJobDetails,
	type PlannedAsset,
	SANDBOX_ORG_ID,
	ingestedAssetRecord,
	jobView,
	jobsByLatestChange,
	assetsByLatestChange,
	toAssetStatus,
	toAssetSummary,
	toCreateJobResponse,
	toJobResponse,
} from '../ingestion/model';
import {
	assetOutcome,
	fileTypeOf,
	hex24,
	scanBucket,
	simulatedFileRows,
	type SourceError,
	sourceError,
} from '../ingestion/rules';
import {
	assetsStatus,
	assetsStatusSummary,
	createForMetadata,
	createFromAssets,
	createFromBucket,
	createFromFile,
	datasetStatus,
	deleteAssets,
	getJob,
	jobStatus,
	listJobs,
	MAX_PAGE_SIZE,
} from '../ingestion/contract';
import type { SandboxStore } from '../store';
import { type ConnectionRecord, findConnection } from '../connections/model';
import { type Input, operation } from '../contract';
import { schemas } from '../generated/schemas';
import { liveDataset, type RequestContext, type RouteDefinition } from './route';

/** The document's AssetStatusEnum: the count answers every status, zeros included. */
const ASSET_STATUSES = schemas['ingestion:AssetStatusEnum'].options;

/** `connection_name` takes a connection's name or id; an unknown one answers 404 like the connections routes. */
function checkConnection(context: RequestContext, nameOrId: string | null | undefined): ConnectionRecord | null {
	if (nameOrId == null) return null;
	const record = findConnection(context.store, nameOrId, context.clock.now());
	if (!record) throw new HttpError(404, `Connection '${nameOrId}' not found`);
	return record;
}

/** A bucket or file read through a connection in error fails like an unreadable source. */
function connectionError(connection: ConnectionRecord | null): SourceError | null {
	if (connection?.status !== 'error') return null;
	return {
		code: 'permission_denied',
		reason: `The connection '${connection.name}' is in error${connection.lastError ? ` (${connection.lastError})` : ''}`,
	};
}

function plan(
	dataset: DatasetRecord,
	connection: ConnectionRecord | null,
	sourcePath: string,
	declaredType: DeclaredAssetType,
	metadata: Record<string, unknown> | null | undefined,
): PlannedAsset {
	const outcome = assetOutcome(
		sourcePath,
		declaredType === 'unspecified' ? null : declaredType,
		dataset.allowedAssetTypes,
		connection !== null,
	);
	return {
		assetId: stableUuid(`${dataset.id}:${sourcePath}`),
		sourcePath,
		declaredType,
		metadata: metadata ?? null,
		kind: outcome.kind,
		error: outcome.error,
	};
}

/** A video's customer identifier: the metadata field the dataset names in `asset_identifier_key`. */
function externalIdOf(dataset: DatasetRecord, asset: PlannedAsset): string | null {
	const key = dataset.config.asset_identifier_key;
	const value = key && asset.kind === 'video' ? asset.metadata?.[key] : undefined;
	return value === undefined || value === null ? null : String(value);
}

interface NewJob {
	jobType: JobType;
	sourceType: string;
	filePath?: string | null;
	connectionName?: string | null;
	assets: PlannedAsset[];
	sourceError?: SourceError | null;
	details?: Record<string, unknown> | null;
	createsAssets?: boolean;
}

/** Records a job and puts the assets it brings in into the shared asset store (replacing any at the same path). */
function createJob(context: RequestContext, dataset: DatasetRecord, spec: NewJob): IngestJobRecord {
	const state = context.store.ingestion;
	const sequence = state.nextSequence();
	const id = hex24(`ingest-job:${sequence}:${dataset.id}:${spec.jobType}`);
	const job: IngestJobRecord = {
		id,
		sequence,
		orgId: SANDBOX_ORG_ID,
		datasetId: dataset.id,
		connectionName: spec.connectionName ?? null,
		jobType: spec.jobType,
		sourceType: spec.sourceType,
		filePath: spec.filePath ?? null,
		requestId: stableUuid(`request:${id}`),
		createdAt: context.clock.now(),
		stepMs: state.stepMs,
		sourceError: spec.sourceError ?? null,
		assets: spec.sourceError ? [] : spec.assets,
		createsAssets: spec.createsAssets ?? true,
		details: spec.details ?? null,
	};
	state.jobs.set(id, job);
	if (job.createsAssets) {
		for (const planned of job.assets) {
			const record = ingestedAssetRecord(job, planned, context.clock, externalIdOf(dataset, planned));
			context.store.assets.set(record.id, record);
		}
	}
	return job;
}

function findJob(store: SandboxStore, id: string): IngestJobRecord {
	const job = store.ingestion.jobs.get(id);
	if (!job) throw new HttpError(404, 'Ingest job not found');
	return job;
}

/** One page with the datasets' meta, or `{"data": []}` when nothing matches (the service's EmptyResponse). */
function paged<T>(all: T[], offset: number, requestedLimit: number, includeEmptyMeta = false) {
	const limit = Math.min(requestedLimit, MAX_PAGE_SIZE);
	const total = all.length;
	if (total === 0 && !includeEmptyMeta) return { data: [] };
	return {
		meta: {
			page: {
				current_page: Math.floor(offset / limit) + 1,
				last_page: Math.max(1, Math.ceil(total / limit)),
				limit,
				offset,
				total,
			},
		},
		data: all.slice(offset, offset + limit),
	};
}

/** EventFilter: completed and error match those statuses; in_progress matches every status not yet settled. */
function matchesFilter(asset: AssetRecord, filter: string | undefined): boolean {
	if (filter === undefined) return true;
	if (filter === 'completed' || filter === 'error') return asset.status === filter;
	return asset.status !== 'completed' && asset.status !== 'error';
}

const reply = (status: number, job: IngestJobRecord, clock: Clock) =>
	jsonReply(status, toCreateJobResponse(job, clock.now()));

/**
 * The bucket and prefix a scan reads: from `spec`/`source_spec`, or from `path`/`source_path` — `s3://bucket/prefix`,
 * or a bare `prefix` inside the bucket of the connection (an aws_iam_role connection's `bucket_name`).
 */
function bucketSource(
	body: Input<'create-ingest-job-from-bucket-api-v-1-ingestion-buckets-post', typeof createFromBucket>['body'],
	connection: ConnectionRecord | null,
) {
	const spec = body.spec ?? body.source_spec;
	if (spec) {
		const prefix = spec.prefix ?? '/';
		return { bucket: spec.bucket, prefix, spec: { bucket: spec.bucket, prefix, provider: spec.provider ?? 'aws' } };
	}
	const path = (body.path ?? body.source_path) as string;
	const connectionBucket = connection?.config.type === 'aws_iam_role' ? connection.config.bucket_name : null;
	const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(path);
	const [bucket, ...rest] = (
		hasScheme || !connectionBucket
			? path.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
			: `${connectionBucket}/${path.replace(/^\/+/, '')}`
	).split('/');
	const prefix = `/${rest.join('/')}`;
	return { bucket, prefix, spec: { bucket, prefix, provider: 'aws' } };
}

function applyMetadata(asset: AssetRecord, type: string, metadata: Record<string, unknown>, now: number): void {
	if (type === 'overwrite') asset.metadata = { ...metadata };
	else if (type === 'remove') for (const key of Object.keys(metadata)) delete asset.metadata[key];
	else Object.assign(asset.metadata, metadata);
	asset.updatedAt = now;
}

interface MediaJob {
	dataset_id: string;
	connection_name?: string | null;
}

/** A job of images or of videos: every entry declared of that kind. */
function mediaJob(
	context: RequestContext,
	body: MediaJob,
	list: Array<{ source_path: string; metadata?: Record<string, unknown> | null }>,
	kind: AssetKind,
) {
	const dataset = liveDataset(context.store, body.dataset_id);
	const connection = checkConnection(context, body.connection_name);
	const job = createJob(context, dataset, {
		jobType: 'assets',
		sourceType: kind,
		connectionName: connection?.name ?? null,
		assets: list.map((entry) => plan(dataset, connection, entry.source_path, kind, entry.metadata)),
	});
	return reply(200, job, context.clock);
}

/** The status of one image or video; the service's EmptyResponse when no asset of this kind has that id. */
function assetStatus(context: RequestContext, assetId: string, kind: AssetKind) {
	const asset = context.store.assets.get(assetId);
	if (!asset || asset.kind !== kind) return jsonReply(200, { data: [] });
	return jsonReply(200, { data: toAssetStatus(asset) });
}

export const ingestionRoutes: RouteDefinition[] = [
	operation('create-ingest-job-from-assets-api-v-1-ingestion-assets-post', createFromAssets, (context, { body }) => {
		const dataset = liveDataset(context.store, body.dataset_id);
		const connection = checkConnection(context, body.connection_name);
		const job = createJob(context, dataset, {
			jobType: 'assets',
			sourceType: 'unspecified',
			connectionName: connection?.name ?? null,
			assets: body.assets.map((asset) =>
				plan(dataset, connection, asset.source_path, asset.asset_type ?? 'unspecified', asset.metadata),
			),
		});
		return reply(200, job, context.clock);
	}),
	operation('create-ingest-job-from-images-api-v-1-ingestion-images-post', (context, { body }) =>
		mediaJob(context, body, body.images, 'image'),
	),
	operation('create-ingest-job-from-videos-api-v-1-ingestion-videos-post', (context, { body }) =>
		mediaJob(context, body, body.videos, 'video'),
	),
	operation('create-ingest-job-from-bucket-api-v-1-ingestion-buckets-post', createFromBucket, (context, { body }) => {
		const dataset = liveDataset(context.store, body.dataset_id);
		const connection = checkConnection(context, body.connection_name);
		const source = bucketSource(body, connection);
		const path = `s3://${source.bucket}${source.prefix}`;
		const maxDepth = body.max_depth;
		const job = createJob(context, dataset, {
			jobType: 'bucket',
			sourceType: 's3_prefix',
			filePath: path,
			connectionName: connection?.name ?? null,
			sourceError: connectionError(connection) ?? sourceError(path),
			assets: scanBucket(source.bucket, source.prefix, maxDepth).map((file) =>
				plan(dataset, connection, file, 'unspecified', null),
			),
			details: { path, spec: source.spec, max_depth: maxDepth },
		});
		return reply(202, job, context.clock);
	}),
	operation('create-ingest-job-from-file-api-v-1-ingestion-files-post', createFromFile, (context, { body }) => {
		const dataset = liveDataset(context.store, body.dataset_id);
		const connection = checkConnection(context, body.connection_name);
		const fileType = fileTypeOf(body.source_path, body.file_type);
		const unreadable: SourceError | null =
			fileType === null
				? {
						code: 'unsupported_format',
						reason: `Cannot tell whether ${body.source_path} is CSV or JSON; set file_type`,
					}
				: (connectionError(connection) ?? sourceError(body.source_path));
		const job = createJob(context, dataset, {
			jobType: 'file',
			sourceType: fileType ?? 'unspecified',
			filePath: body.source_path,
			connectionName: connection?.name ?? null,
			sourceError: unreadable,
			assets: simulatedFileRows(body.source_path).map((url) => plan(dataset, connection, url, 'unspecified', null)),
			details: {
				file: {
					dataset_id: body.dataset_id,
					source_path: body.source_path,
					connection_name: connection?.name ?? null,
					file_type: body.file_type ?? 'unspecified',
				},
			},
		});
		return reply(202, job, context.clock);
	}),
	operation(
		'create-ingest-job-for-metadata-api-v-1-ingestion-metadata-post',
		createForMetadata,
		(context, { body }) => {
			const dataset = liveDataset(context.store, body.dataset_id);
			const updateType = body.update_type ?? 'upsert';
			const now = context.clock.now();
			const details: MetadataJobDetails = { accepted: [], invalid_assets: [] };
			const planned: PlannedAsset[] = [];
			for (const update of body.update_assets ?? []) {
				const asset = findAsset(context.store.assets, dataset.id, (update.asset_id ?? update.source_path) as string);
				const metadata = update.metadata ?? {};
				if (asset && asset.kind === update.asset_type) {
					applyMetadata(asset, updateType, metadata, now);
					details.accepted.push({
						asset_id: asset.id,
						source_path: asset.path,
						asset_type: asset.kind,
						metadata: update.metadata ?? null,
					});
					planned.push({
						assetId: asset.id,
						sourcePath: asset.path,
						declaredType: asset.kind,
						metadata,
						kind: asset.kind,
						error: null,
					});
				} else {
					const named = update.asset_id ?? update.source_path;
					details.invalid_assets.push({
						asset_id: update.asset_id ?? null,
						source_path: update.source_path ?? null,
						asset_type: update.asset_type,
						metadata: update.metadata ?? null,
					});
					planned.push({
						assetId: null,
						sourcePath: update.source_path ?? String(named),
						declaredType: update.asset_type,
						metadata,
						kind: update.asset_type,
						error: { code: 'asset_metadata_error', reason: `No ${update.asset_type} '${named}' in the dataset` },
					});
				}
			}
			const job = createJob(context, dataset, {
				jobType: 'metadata',
				sourceType: 'metadata',
				filePath: body.source_path ?? null,
				sourceError: body.source_path ? sourceError(body.source_path) : null,
				assets: planned,
				createsAssets: false,
				details: details as unknown as Record<string, unknown>,
			});
			return reply(202, job, context.clock);
		},
	),
	operation('delete-assets', deleteAssets, (context, { body }) => {
		const dataset = liveDataset(context.store, body.dataset_id);
		const state = context.store.ingestion;
		const assets = body.assets.map((entry) => {
			const deleteJobId = hex24(`delete-job:${state.nextSequence()}:${dataset.id}:${entry.identifier}`);
			const asset = findAsset(context.store.assets, dataset.id, entry.identifier);
			// An identifier that names no asset of that type still gets a deletion job, which finds nothing to do.
			const target = asset && asset.kind === entry.asset_type ? asset : undefined;
			if (target) context.store.assets.delete(target.id);
			state.deletions.set(deleteJobId, {
				datasetId: dataset.id,
				assetType: entry.asset_type,
				identifier: entry.identifier,
				assetId: target?.id ?? null,
				at: context.clock.now(),
			});
			return { asset_type: entry.asset_type, identifier: entry.identifier, delete_job_id: deleteJobId };
		});
		return jsonReply(202, { org_id: SANDBOX_ORG_ID, dataset_id: dataset.id, assets });
	}),
	operation('get-ingest-jobs-api-v-1-ingestion-jobs-get', listJobs, (context, { query }) => {
		const now = context.clock.now();
		const limit = Math.min(query.limit, MAX_PAGE_SIZE);
		const jobs = jobsByLatestChange(context.store.ingestion.jobs.values(), now)
			.filter((job) => query.dataset_id === undefined || job.datasetId === query.dataset_id)
			.filter((job) => query.status === undefined || jobView(job, now).status === query.status)
			.slice(query.offset, query.offset + limit);
		return jsonReply(200, { jobs: jobs.map((job) => toJobResponse(job, now)) });
	}),
	operation('get-by-ingest-job-id-api-v-1-ingestion-jobs-ingest-job-id-get', getJob, (context, { path }) =>
		jsonReply(200, toJobResponse(findJob(context.store, path.ingest_job_id), context.clock.now())),
	),
	operation('get-job-status-api-v-1-ingestion-jobs-ingest-job-id-status-get', jobStatus, (context, { path, query }) => {
		const job = findJob(context.store, path.ingest_job_id);
		const order = new Map(job.assets.map((asset, index) => [asset.assetId, index]));
		// Assets still attributed to this job: deleted ones, and ones a later job re-ingested, are gone.
		const assets = [...context.store.assets.values()]
			.filter((asset) => asset.ingestJobId === job.id)
			.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
			.map(toAssetStatus);
		return jsonReply(200, {
			data: {
				status: jobView(job, context.clock.now()).status,
				assets: paged(assets, query.offset, query.limit, true),
			},
		});
	}),
	// The body may be left out or null (no source path filter): the document's body admits null.
	operation(
		'get-dataset-assets-status-api-v-1-ingestion-datasets-dataset-id-assets-status-post',
		assetsStatus,
		(context, { path, query, body }) => {
			liveDataset(context.store, path.dataset_id);
			const prefix = body?.source_path ?? null;
			const assets = assetsByLatestChange(assetsOf(context.store.assets, path.dataset_id))
				.filter((asset) => prefix === null || asset.path.startsWith(prefix))
				.filter((asset) => matchesFilter(asset, query.filter))
				.map(toAssetStatus);
			return jsonReply(200, paged(assets, query.offset, query.limit));
		},
	),
	operation(
		'get-dataset-assets-status-count-api-v-1-ingestion-datasets-dataset-id-assets-status-count-get',
		(context, { path }) => {
			liveDataset(context.store, path.dataset_id);
			const counts: Record<string, number> = Object.fromEntries(ASSET_STATUSES.map((status) => [status, 0]));
			for (const asset of assetsOf(context.store.assets, path.dataset_id)) counts[asset.status] += 1;
			return jsonReply(200, { data: counts });
		},
	),
	operation(
		'get-dataset-assets-status-summary-api-v-1-ingestion-datasets-dataset-id-assets-status-summary-get',
		assetsStatusSummary,
		(context, { path, query }) => {
			liveDataset(context.store, path.dataset_id);
			const summaries = assetsByLatestChange(assetsOf(context.store.assets, path.dataset_id))
				.filter((asset) => matchesFilter(asset, query.filter))
				.map(toAssetSummary);
			return jsonReply(200, paged(summaries, query.offset, query.limit));
		},
	),
	operation(
		'get-dataset-status-api-v-1-ingestion-datasets-dataset-id-status-get',
		datasetStatus,
		(context, { path, query }) => {
			liveDataset(context.store, path.dataset_id);
			const now = context.clock.now();
			const jobs = jobsByLatestChange(context.store.ingestion.jobs.values(), now)
				.filter((job) => job.datasetId === path.dataset_id)
				.map((job) => ({
					status: jobView(job, now).status,
					ingest_job_id: job.id,
					ingestion_dt: new Date(job.createdAt).toISOString(),
				}));
			return jsonReply(200, paged(jobs, query.offset, query.limit));
		},
	),
	operation('get-image-asset-status-api-v-1-ingestion-images-asset-id-status-get', (context, { path }) =>
		assetStatus(context, path.asset_id, 'image'),
	),
	operation('get-video-asset-status-api-v-1-ingestion-videos-asset-id-status-get', (context, { path }) =>
		assetStatus(context, path.asset_id, 'video'),
	),
];
