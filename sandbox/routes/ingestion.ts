import { z } from 'zod';
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
	assetIdPath,
	assetsJobBody,
	assetsStatusBody,
	bucketJobBody,
	datasetIdPath,
	deleteAssetsBody,
	fileJobBody,
	filteredPageQuery,
	imagesJobBody,
	jobIdPath,
	jobListQuery,
	MAX_PAGE_SIZE,
	metadataJobBody,
	pageQuery,
	videosJobBody,
} from '../ingestion/schemas';
import type { SandboxStore } from '../store';
import { type ConnectionRecord, findConnection } from '../connections/model';
import { validate } from '../validation';
import { liveDataset, type RequestContext, type RouteDefinition } from './route';

const ASSET_STATUSES = ['pending', 'in_progress', 'received', 'processing_started', 'completed', 'error'] as const;

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
	sourcePath: string,
	declaredType: DeclaredAssetType,
	metadata: Record<string, unknown> | null | undefined,
): PlannedAsset {
	const outcome = assetOutcome(sourcePath, declaredType === 'unspecified' ? null : declaredType, dataset.allowedAssetTypes);
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

const reply = (status: number, job: IngestJobRecord, clock: Clock) => jsonReply(status, toCreateJobResponse(job, clock.now()));

/**
 * The bucket and prefix a scan reads: from `spec`/`source_spec`, or from `path`/`source_path` — `s3://bucket/prefix`,
 * or a bare `prefix` inside the bucket of the connection (an aws_iam_role connection's `bucket_name`).
 */
function bucketSource(body: z.output<typeof bucketJobBody>, connection: ConnectionRecord | null) {
	const spec = body.spec ?? body.source_spec;
	if (spec) {
		const prefix = spec.prefix ?? '/';
		return { bucket: spec.bucket, prefix, spec: { bucket: spec.bucket, prefix, provider: spec.provider ?? 'aws' } };
	}
	const path = (body.path ?? body.source_path) as string;
	const connectionBucket = connection?.config.type === 'aws_iam_role' ? connection.config.bucket_name : null;
	const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(path);
	const [bucket, ...rest] = (hasScheme || !connectionBucket ? path.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '') : `${connectionBucket}/${path.replace(/^\/+/, '')}`).split('/');
	const prefix = `/${rest.join('/')}`;
	return { bucket, prefix, spec: { bucket, prefix, provider: 'aws' } };
}

function applyMetadata(asset: AssetRecord, type: string, metadata: Record<string, unknown>, now: number): void {
	if (type === 'overwrite') asset.metadata = { ...metadata };
	else if (type === 'remove') for (const key of Object.keys(metadata)) delete asset.metadata[key];
	else Object.assign(asset.metadata, metadata);
	asset.updatedAt = now;
}

function mediaRoute(path: string, kind: AssetKind, schema: typeof imagesJobBody | typeof videosJobBody): RouteDefinition {
	return {
		method: 'POST',
		path,
		auth: 'access-token',
		handle(context) {
			const { body } = validate(context, { body: schema });
			const dataset = liveDataset(context.store, body.dataset_id);
			const connection = checkConnection(context, body.connection_name);
			const list = 'images' in body ? body.images : body.videos;
			const job = createJob(context, dataset, {
				jobType: 'assets',
				sourceType: kind,
				connectionName: connection?.name ?? null,
				assets: list.map((entry) => plan(dataset, entry.source_path, kind, entry.metadata)),
			});
			return reply(200, job, context.clock);
		},
	};
}

function statusOfKind(kind: AssetKind): RouteDefinition {
	return {
		method: 'GET',
		path: `/api/v1/ingestion/${kind}s/{asset_id}/status`,
		auth: 'access-token',
		handle(context) {
			const { path } = validate(context, { path: assetIdPath });
			const asset = context.store.assets.get(path.asset_id);
			// The service's EmptyResponse: no asset of this kind with that id.
			if (!asset || asset.kind !== kind) return jsonReply(200, { data: [] });
			return jsonReply(200, { data: toAssetStatus(asset) });
		},
	};
}

export const ingestionRoutes: RouteDefinition[] = [
	{
		method: 'POST',
		path: '/api/v1/ingestion/assets',
		auth: 'access-token',
		handle(context) {
			const { body } = validate(context, { body: assetsJobBody });
			const dataset = liveDataset(context.store, body.dataset_id);
			const connection = checkConnection(context, body.connection_name);
			const job = createJob(context, dataset, {
				jobType: 'assets',
				sourceType: 'unspecified',
				connectionName: connection?.name ?? null,
				assets: body.assets.map((asset) =>
					plan(dataset, asset.source_path, asset.asset_type ?? 'unspecified', asset.metadata),
				),
			});
			return reply(200, job, context.clock);
		},
	},
	mediaRoute('/api/v1/ingestion/images', 'image', imagesJobBody),
	mediaRoute('/api/v1/ingestion/videos', 'video', videosJobBody),
	{
		method: 'POST',
		path: '/api/v1/ingestion/buckets',
		auth: 'access-token',
		handle(context) {
			const { body } = validate(context, { body: bucketJobBody });
			const dataset = liveDataset(context.store, body.dataset_id);
			const connection = checkConnection(context, body.connection_name);
			const source = bucketSource(body, connection);
			const path = `s3://${source.bucket}${source.prefix}`;
			const maxDepth = body.max_depth ?? 0;
			const job = createJob(context, dataset, {
				jobType: 'bucket',
				sourceType: 's3_prefix',
				filePath: path,
				connectionName: connection?.name ?? null,
				sourceError: connectionError(connection) ?? sourceError(path),
				assets: scanBucket(source.bucket, source.prefix, maxDepth).map((file) => plan(dataset, file, 'unspecified', null)),
				details: { path, spec: source.spec, max_depth: maxDepth },
			});
			return reply(202, job, context.clock);
		},
	},
	{
		method: 'POST',
		path: '/api/v1/ingestion/files',
		auth: 'access-token',
		handle(context) {
			const { body } = validate(context, { body: fileJobBody });
			const dataset = liveDataset(context.store, body.dataset_id);
			const connection = checkConnection(context, body.connection_name);
			const fileType = fileTypeOf(body.source_path, body.file_type);
			const unreadable: SourceError | null =
				fileType === null
					? { code: 'unsupported_format', reason: `Cannot tell whether ${body.source_path} is CSV or JSON; set file_type` }
					: (connectionError(connection) ?? sourceError(body.source_path));
			const job = createJob(context, dataset, {
				jobType: 'file',
				sourceType: fileType ?? 'unspecified',
				filePath: body.source_path,
				connectionName: connection?.name ?? null,
				sourceError: unreadable,
				assets: simulatedFileRows(body.source_path).map((url) => plan(dataset, url, 'unspecified', null)),
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
		},
	},
	{
		method: 'POST',
		path: '/api/v1/ingestion/metadata',
		auth: 'access-token',
		handle(context) {
			const { body } = validate(context, { body: metadataJobBody });
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
					details.accepted.push({ asset_id: asset.id, source_path: asset.path, asset_type: asset.kind, metadata: update.metadata ?? null });
					planned.push({ assetId: asset.id, sourcePath: asset.path, declaredType: asset.kind, metadata, kind: asset.kind, error: null });
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
	},
	{
		method: 'POST',
		path: '/api/v0/delete/assets',
		auth: 'access-token',
		handle(context) {
			const { body } = validate(context, { body: deleteAssetsBody });
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
		},
	},
	{
		method: 'GET',
		path: '/api/v1/ingestion/jobs',
		auth: 'access-token',
		handle(context) {
			const { query } = validate(context, { query: jobListQuery });
			const now = context.clock.now();
			const limit = Math.min(query.limit, MAX_PAGE_SIZE);
			const jobs = jobsByLatestChange(context.store.ingestion.jobs.values(), now)
				.filter((job) => query.dataset_id === undefined || job.datasetId === query.dataset_id)
				.filter((job) => query.status === undefined || jobView(job, now).status === query.status)
				.slice(query.offset, query.offset + limit);
			return jsonReply(200, { jobs: jobs.map((job) => toJobResponse(job, now)) });
		},
	},
	{
		method: 'GET',
		path: '/api/v1/ingestion/jobs/{ingest_job_id}',
		auth: 'access-token',
		handle(context) {
			const { path } = validate(context, { path: jobIdPath });
			return jsonReply(200, toJobResponse(findJob(context.store, path.ingest_job_id), context.clock.now()));
		},
	},
	{
		method: 'GET',
		path: '/api/v1/ingestion/jobs/{ingest_job_id}/status',
		auth: 'access-token',
		handle(context) {
			const { path, query } = validate(context, { path: jobIdPath, query: pageQuery });
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
		},
	},
	{
		method: 'POST',
		path: '/api/v1/ingestion/datasets/{dataset_id}/assets/status',
		auth: 'access-token',
		handle(context) {
			// The body is optional (null or absent means no source path filter).
			const { path, query, body } = validate(context, {
				path: datasetIdPath,
				query: filteredPageQuery,
				...(context.body.kind === 'none' ? {} : { body: assetsStatusBody }),
			}) as {
				path: z.output<typeof datasetIdPath>;
				query: z.output<typeof filteredPageQuery>;
				body?: z.output<typeof assetsStatusBody>;
			};
			liveDataset(context.store, path.dataset_id);
			const prefix = body?.source_path ?? null;
			const assets = assetsByLatestChange(assetsOf(context.store.assets, path.dataset_id))
				.filter((asset) => prefix === null || asset.path.startsWith(prefix))
				.filter((asset) => matchesFilter(asset, query.filter))
				.map(toAssetStatus);
			return jsonReply(200, paged(assets, query.offset, query.limit));
		},
	},
	{
		method: 'GET',
		path: '/api/v1/ingestion/datasets/{dataset_id}/assets/status/count',
		auth: 'access-token',
		handle(context) {
			const { path } = validate(context, { path: datasetIdPath });
			liveDataset(context.store, path.dataset_id);
			const counts: Record<string, number> = Object.fromEntries(ASSET_STATUSES.map((status) => [status, 0]));
			for (const asset of assetsOf(context.store.assets, path.dataset_id)) counts[asset.status] += 1;
			return jsonReply(200, { data: counts });
		},
	},
	{
		method: 'GET',
		path: '/api/v1/ingestion/datasets/{dataset_id}/assets/status/summary',
		auth: 'access-token',
		handle(context) {
			const { path, query } = validate(context, { path: datasetIdPath, query: filteredPageQuery });
			liveDataset(context.store, path.dataset_id);
			const summaries = assetsByLatestChange(assetsOf(context.store.assets, path.dataset_id))
				.filter((asset) => matchesFilter(asset, query.filter))
				.map(toAssetSummary);
			return jsonReply(200, paged(summaries, query.offset, query.limit));
		},
	},
	{
		method: 'GET',
		path: '/api/v1/ingestion/datasets/{dataset_id}/status',
		auth: 'access-token',
		handle(context) {
			const { path, query } = validate(context, { path: datasetIdPath, query: pageQuery });
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
	},
	statusOfKind('image'),
	statusOfKind('video'),
];
