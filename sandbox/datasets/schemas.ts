import { z } from 'zod';
import {
	SUNSET_ENCODER,
	SUNSET_ENCODER_DATE,
	SUNSET_ENCODER_REPLACEMENTS,
	VISUAL_ENCODER_NAMES,
} from '../encoders';
import {
	booleanString,
	dateTimeString,
	integerString,
	patternString,
	queryParam,
	uuidString,
	valueError,
} from '../validation';
import {
	ASSET_TYPES,
	DATASET_NAME_PATTERN,
	DATASET_STATUSES,
	KEYFRAME_SAMPLING_METHODS,
	UPDATABLE_DATASET_STATUSES,
} from './model';

/** The most items one page returns, whatever `limit` asks for. */
export const MAX_PAGE_SIZE = 100;

export const datasetIdPath = z.object({ dataset_id: uuidString() });

export const includeDeletedQuery = z.object({
	include_deleted: queryParam.withDefault(booleanString(), false),
});

const datasetName = patternString(DATASET_NAME_PATTERN);

const encoderName = z.enum(VISUAL_ENCODER_NAMES).superRefine((name, ctx) => {
	if (name === SUNSET_ENCODER) {
		valueError(
			ctx,
			`encoder '${SUNSET_ENCODER}' reached its sunset on ${SUNSET_ENCODER_DATE}; use ${SUNSET_ENCODER_REPLACEMENTS.join(' or ')}`,
		);
	}
});

const nullableStrings = z.array(z.string()).nullable().optional();

/** `datasets:DatasetConfig` */
const datasetConfig = z.object({
	// Assumed: the required maps must name at least one embedding (the service's own check is not published).
	embedding_id: z.record(z.string(), uuidString()).refine((map) => Object.keys(map).length > 0, 'must not be empty'),
	encoder_name: z.record(z.string(), z.string()).refine((map) => Object.keys(map).length > 0, 'must not be empty'),
	extra_config: z
		.object({
			composite_settings: z.record(
				z.string(),
				z.object({ maximum_slice_duration_seconds: z.number().int() }),
			),
		})
		.nullable()
		.optional(),
	hybrid_search: z
		.object({ weights: z.record(z.string(), z.number()) })
		.nullable()
		.optional(),
	context_studio_enabled: z.boolean().nullable().optional(),
	metadata_fields_to_embed: nullableStrings,
	metadata_fields_to_index: nullableStrings,
	celebrity_detection_enabled: z.boolean().nullable().optional(),
	agentic_search_metadata_description: z.record(z.string(), z.string()).nullable().optional(),
	asset_identifier_key: z.string().nullable().optional(),
	context_studio_export_json_connection_name: z.string().nullable().optional(),
});

export type DatasetConfigInput = z.output<typeof datasetConfig>;

/** `datasets:DatasetCreateRequest` */
export const datasetCreateBody = z.object({
	name: datasetName,
	encoder_name: encoderName,
	description: z.string().nullable().optional(),
	allowed_asset_types: z.array(z.enum(ASSET_TYPES)).optional(),
	keyframe_sampling_method: z.enum(KEYFRAME_SAMPLING_METHODS).optional(),
	keyframe_uniform_fps_sampling_rate: z.number().min(0.00001).max(5).nullable().optional(),
	store_original: z.boolean().optional(),
	store_preview: z.boolean().optional(),
	metadata_fields_to_index: nullableStrings,
	metadata_fields_to_embed: nullableStrings,
	dataset_config: datasetConfig.nullable().optional(),
});

/** `datasets:DatasetUpdateRequest` */
export const datasetUpdateBody = z.object({
	name: datasetName.nullable().optional(),
	description: z.string().nullable().optional(),
	status: z.enum(UPDATABLE_DATASET_STATUSES).optional(),
	store_original: z.boolean().nullable().optional(),
	store_preview: z.boolean().nullable().optional(),
	dataset_config: datasetConfig.nullable().optional(),
});

const optionalBoolean = () => queryParam.optional(booleanString());
const optionalDateTime = () => queryParam.optional(dateTimeString());

/** Query of `GET /api/v1/datasets`. */
export const datasetListQuery = z.object({
	dataset_ids: queryParam.list(uuidString()),
	status: queryParam.list(z.enum(DATASET_STATUSES)),
	allowed_asset_types: queryParam.list(z.enum(ASSET_TYPES)),
	keyframe_sampling_method: queryParam.optional(z.enum(KEYFRAME_SAMPLING_METHODS)),
	store_original: optionalBoolean(),
	store_preview: optionalBoolean(),
	created_before: optionalDateTime(),
	created_after: optionalDateTime(),
	last_updated_before: optionalDateTime(),
	last_updated_after: optionalDateTime(),
	name_pattern: queryParam.optional(z.string()),
	new_video_data_model: optionalBoolean(),
	celebrity_detection_enabled: optionalBoolean(),
	context_studio_enabled: optionalBoolean(),
	skip: queryParam.withDefault(integerString({ min: 0 }), 0),
	limit: queryParam.withDefault(integerString({ greaterThan: 0 }), MAX_PAGE_SIZE),
	include_deleted: queryParam.withDefault(booleanString(), false),
});

export type DatasetListQuery = z.output<typeof datasetListQuery>;
