import { z } from 'zod';
import { integerString, patternString, queryParam, uuidString, valueError } from '../validation';

/** Assets per `POST /api/v1/ingestion/assets` and per `POST /api/v0/delete/assets`. */
export const MAX_ASSETS_PER_REQUEST = 100;
/** The most items one page of an ingestion list returns, whatever `limit` asks for. */
export const MAX_PAGE_SIZE = 100;

export const JOB_STATUSES = ['completed', 'failed', 'in_progress', 'pending', 'paused', 'stopping', 'stopped'] as const;
export const EVENT_FILTERS = ['completed', 'error', 'in_progress'] as const;
export const JOB_ID_PATTERN = /^[0-9a-f]{24}$/;

/** pydantic's message for a list over its max_length. */
function atMost(max: number) {
	return <T>(list: T[], ctx: z.RefinementCtx) => {
		if (list.length > max) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				params: {
					type: 'too_long',
					msg: `List should have at most ${max} items after validation, not ${list.length}`,
				},
			});
		}
	};
}

/** Metadata values: booleans, numbers and strings (date-times travel as strings). */
const metadata = z.record(z.string(), z.union([z.boolean(), z.number(), z.string()])).nullable().optional();
const connectionName = z.string().nullable().optional();

/** `ingestion:IngestJobAsset` */
const ingestJobAsset = z.object({
	source_path: z.string(),
	metadata,
	asset_type: z.enum(['unspecified', 'image', 'video']).optional(),
});

/** `ingestion:IngestJobImage` / `ingestion:IngestJobVideo` */
const ingestJobMedia = z.object({ source_path: z.string(), metadata });

/** `ingestion:CreateIngestJobFromAssetsRequest` */
export const assetsJobBody = z.object({
	dataset_id: uuidString(),
	connection_name: connectionName,
	assets: z.array(ingestJobAsset).superRefine(atMost(MAX_ASSETS_PER_REQUEST)),
});

/** `ingestion:CreateIngestJobFromImagesRequest` */
export const imagesJobBody = z.object({
	dataset_id: uuidString(),
	connection_name: connectionName,
	images: z.array(ingestJobMedia),
});

/** `ingestion:CreateIngestJobFromVideosRequest` */
export const videosJobBody = z.object({
	dataset_id: uuidString(),
	connection_name: connectionName,
	videos: z.array(ingestJobMedia),
});

/** `ingestion:BucketSpec` */
const bucketSpec = z.object({
	bucket: z.string(),
	prefix: z.string().optional(),
	provider: z.enum(['aws']).optional(),
});

/** `ingestion:CreateIngestJobFromBucketRequest`: exactly one of path, spec, source_path, source_spec. */
export const bucketJobBody = z
	.object({
		dataset_id: uuidString(),
		connection_name: connectionName,
		path: z.string().nullable().optional(),
		spec: bucketSpec.nullable().optional(),
		source_path: z.string().nullable().optional(),
		source_spec: bucketSpec.nullable().optional(),
		max_depth: z.number().int().min(0).max(10).optional(),
	})
	.superRefine((body, ctx) => {
		const given = (['path', 'spec', 'source_path', 'source_spec'] as const).filter((key) => body[key] != null);
		if (given.length !== 1) valueError(ctx, 'give exactly one of path, spec, source_path or source_spec');
	});

/** `ingestion:CreateIngestJobFromFileRequest` */
export const fileJobBody = z.object({
	dataset_id: uuidString(),
	source_path: z.string().min(1),
	connection_name: connectionName,
	file_type: z.enum(['unspecified', 'csv', 'json']).optional(),
});

/** `ingestion:ExistingAssetMetadataUpdate` */
const existingAssetUpdate = z
	.object({
		asset_id: uuidString().nullable().optional(),
		source_path: z.string().nullable().optional(),
		asset_type: z.enum(['image', 'video']),
		metadata,
	})
	.superRefine((update, ctx) => {
		if (update.asset_id == null && update.source_path == null) valueError(ctx, 'give asset_id or source_path');
	});

/** `ingestion:CreateIngestJobForMetadataRequest`: update_assets or source_path (a file of updates). */
export const metadataJobBody = z
	.object({
		dataset_id: uuidString(),
		update_assets: z.array(existingAssetUpdate).nullable().optional(),
		source_path: z.string().nullable().optional(),
		update_type: z.enum(['overwrite', 'upsert', 'remove']).optional(),
	})
	.superRefine((body, ctx) => {
		if ((body.update_assets == null) === (body.source_path == null)) {
			valueError(ctx, 'give either update_assets or source_path');
		}
	});

/** `DeleteAssetsRequest` */
export const deleteAssetsBody = z.object({
	dataset_id: uuidString(),
	assets: z
		.array(z.object({ asset_type: z.enum(['image', 'video']), identifier: z.string().min(1) }))
		.superRefine(atMost(MAX_ASSETS_PER_REQUEST)),
});

/** `ingestion:GetDatasetAssetsStatusRequest`, or null. */
export const assetsStatusBody = z.object({ source_path: z.string().nullable().optional() }).nullable();

export const datasetIdPath = z.object({ dataset_id: uuidString() });
export const assetIdPath = z.object({ asset_id: uuidString() });
export const jobIdPath = z.object({ ingest_job_id: patternString(JOB_ID_PATTERN) });

const offset = queryParam.withDefault(integerString({ min: 0 }), 0);
const limit = queryParam.withDefault(integerString({ greaterThan: 0 }), MAX_PAGE_SIZE);

export const pageQuery = z.object({ offset, limit });

export const filteredPageQuery = z.object({
	filter: queryParam.optional(z.enum(EVENT_FILTERS)),
	offset,
	limit,
});

export const jobListQuery = z.object({
	dataset_id: queryParam.optional(uuidString()),
	status: queryParam.optional(z.enum(JOB_STATUSES)),
	offset,
	limit,
});
