import { each, fields, ge, gt, le, maxItems, minLength, pattern, refine, type Rules, whole } from '../contract';

/** NOTES.md, "Identifiers and limits": 100 assets per `/ingestion/assets` request and per delete request. */
export const MAX_ASSETS_PER_REQUEST = 100;
/** The most items one page of an ingestion list returns, whatever `limit` asks for (as for datasets). */
export const MAX_PAGE_SIZE = 100;
/** NOTES.md and service-spec.md (Endpoints › Ingestion): an ingest job id is 24 lowercase hex characters. */
export const JOB_ID_PATTERN = /^[0-9a-f]{24}$/;

/** service-spec.md, Endpoints › Ingestion: offset at least 0, limit greater than 0 on every list. */
const page = { offset: [ge(0)], limit: [gt(0)] };
const jobId = { ingest_job_id: [pattern(JOB_ID_PATTERN)] };

export const createFromAssets = {
	body: (body) => fields(body, { assets: [maxItems(MAX_ASSETS_PER_REQUEST)] }),
} satisfies Rules<'create-ingest-job-from-assets-api-v-1-ingestion-assets-post'>;

export const createFromBucket = {
	body: (body) =>
		whole(
			// NOTES.md, "Identifiers and limits": bucket scan max_depth 0 to 10.
			fields(body, { max_depth: [ge(0), le(10)] }),
			// Assumed: a scan names its source exactly once (the document makes all four optional).
			(scan) =>
				(['path', 'spec', 'source_path', 'source_spec'] as const).filter((key) => scan[key] != null).length === 1
					? undefined
					: 'give exactly one of path, spec, source_path or source_spec',
		),
} satisfies Rules<'create-ingest-job-from-bucket-api-v-1-ingestion-buckets-post'>;

/** Assumed: a file job names a file (an empty path is refused). */
export const createFromFile = {
	body: (body) => fields(body, { source_path: [minLength(1)] }),
} satisfies Rules<'create-ingest-job-from-file-api-v-1-ingestion-files-post'>;

/**
 * Assumed (the document makes both optional): an update names its asset by `asset_id` or `source_path`, and a job
 * carries either `update_assets` or `source_path` (a file of updates), not both.
 */
export const createForMetadata = {
	body: (body) =>
		whole(
			fields(body, {
				update_assets: (field) =>
					each(field, (update) =>
						whole(update, (named) =>
							named.asset_id == null && named.source_path == null ? 'give asset_id or source_path' : undefined,
						),
					),
			}),
			(job) =>
				(job.update_assets == null) === (job.source_path == null)
					? 'give either update_assets or source_path'
					: undefined,
		),
} satisfies Rules<'create-ingest-job-for-metadata-api-v-1-ingestion-metadata-post'>;

export const deleteAssets = {
	body: (body) =>
		fields(body, {
			// Assumed: an identifier is not empty.
			assets: (field) =>
				refine(
					each(field, (asset) => fields(asset, { identifier: [minLength(1)] })),
					maxItems(MAX_ASSETS_PER_REQUEST),
				),
		}),
} satisfies Rules<'delete-assets'>;

export const listJobs = {
	query: (query) => fields(query, page),
} satisfies Rules<'get-ingest-jobs-api-v-1-ingestion-jobs-get'>;

export const getJob = {
	path: (path) => fields(path, jobId),
} satisfies Rules<'get-by-ingest-job-id-api-v-1-ingestion-jobs-ingest-job-id-get'>;

export const jobStatus = {
	path: (path) => fields(path, jobId),
	query: (query) => fields(query, page),
} satisfies Rules<'get-job-status-api-v-1-ingestion-jobs-ingest-job-id-status-get'>;

export const assetsStatus = {
	query: (query) => fields(query, page),
} satisfies Rules<'get-dataset-assets-status-api-v-1-ingestion-datasets-dataset-id-assets-status-post'>;

export const assetsStatusSummary = {
	query: (query) => fields(query, page),
} satisfies Rules<'get-dataset-assets-status-summary-api-v-1-ingestion-datasets-dataset-id-assets-status-summary-get'>;

export const datasetStatus = {
	query: (query) => fields(query, page),
} satisfies Rules<'get-dataset-status-api-v-1-ingestion-datasets-dataset-id-status-get'>;
