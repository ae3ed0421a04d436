import { z } from 'zod';
import { integerString, queryParam, uuidString, valueError } from '../validation';

/** Image-to-image and video search take at most 1000 results per request. */
export const MAX_SEARCH_LIMIT = 1000;

/** One clause of `search:MetadataFilters` (equals, not equals, boolean equals, inclusive date-time range). */
const metadataClause = z
	.object({
		key: z.string(),
		operator: z.enum(['==', '!=', 'DateTimeRangeInclusive']),
		value: z.union([z.string(), z.boolean()]).optional(),
		start_utc_epoch: z.number().nullable().optional(),
		end_utc_epoch: z.number().nullable().optional(),
	})
	.superRefine((clause, ctx) => {
		if (clause.operator === 'DateTimeRangeInclusive') return;
		if (clause.value === undefined) valueError(ctx, `operator '${clause.operator}' needs a value`);
		else if (clause.operator === '!=' && typeof clause.value !== 'string') valueError(ctx, "operator '!=' compares strings");
	});

export type MetadataClause = z.output<typeof metadataClause>;

const metadataFilters = z.object({ filters: z.array(metadataClause) }).nullable().optional();

const common = {
	dataset_id: uuidString(),
	offset: z.number().int().min(0).default(0),
	limit: z.number().int().min(1).default(100),
	metadata_filters: metadataFilters,
	moderation_score_type: z.enum(['probability', 'level']).optional(),
};

const assetType = z.enum(['image', 'video']).nullable().optional();

/** `search:TextSearchRequest` (text-to-image and text-to-keyframes). */
export const textSearchBody = z.object({
	...common,
	text_query: z.string(),
	negative_text: z.string().nullable().optional(),
	asset_type: assetType,
	skip_moderation: z.boolean().default(false),
});

const reference = {
	coactive_image_id: uuidString().nullable().optional(),
	public_url: z.string().nullable().optional(),
	upload_id: z.string().nullable().optional(),
};

function oneReference(value: { coactive_image_id?: string | null; public_url?: string | null; upload_id?: string | null }, ctx: z.RefinementCtx) {
	const given = [value.coactive_image_id, value.public_url, value.upload_id].filter((v) => v !== null && v !== undefined && v !== '');
	if (given.length !== 1) valueError(ctx, 'Either coactive_image_id, public_url or upload_id must be provided');
}

/** `search:ImageSearchRequest` (image-to-image): limit 1 to 1000. */
export const imageSearchBody = z
	.object({
		...common,
		limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).default(100),
		...reference,
		asset_type: assetType,
		skip_moderation: z.boolean().default(false),
	})
	.superRefine(oneReference);

/** `search:ImageToKeyframeSearchRequest` */
export const imageToKeyframesBody = z
	.object({ ...common, ...reference, skip_moderation: z.boolean().default(false) })
	.superRefine(oneReference);

/** `search:TranscriptMatchRequest` */
export const transcriptMatchBody = z.object({
	...common,
	text_query: z.string(),
	composite_type: z.string().nullable().optional(),
});

/** `search:AudioSearchRequest` (spoken content). */
export const audioSearchBody = z.object({
	...common,
	text_query: z.string(),
	skip_moderation: z.boolean().default(false),
});

export const VIDEO_MODALITIES = ['video', 'shot', 'image', 'audio_speech_to_text', 'capped-shot-segment'] as const;

/** `search-video:VideoSearchRequest`: limit 1 to 1000, default 60; date ranges need both ends. */
export const videoSearchBody = z.object({
	...common,
	limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).default(60),
	metadata_filters: z
		.object({
			filters: z.array(
				metadataClause.superRefine((clause, ctx) => {
					if (clause.operator === 'DateTimeRangeInclusive' && (clause.start_utc_epoch == null || clause.end_utc_epoch == null)) {
						valueError(ctx, 'start_utc_epoch and end_utc_epoch are both required');
					}
				}),
			),
		})
		.nullable()
		.optional(),
	text_query: z.string(),
	modality: z.enum(VIDEO_MODALITIES).nullable().optional(),
	skip_moderation: z.boolean().default(false),
	ignore_keyframes: z.boolean().default(false),
});

export const COMPOSITE_TYPES = ['shot', 'scene', 'segment'] as const;

/** A required query parameter: the last value given (as Starlette reads it); absent → "Field required". */
const requiredQuery = <T extends z.ZodTypeAny>(schema: T) =>
	z.preprocess((value) => (Array.isArray(value) ? value[value.length - 1] : value), schema);

/** Query of `GET /api/v1/search/video` (drill-down inside one video). */
export const videoDrillDownQuery = z.object({
	dataset_id: requiredQuery(uuidString()),
	text_query: requiredQuery(z.string()),
	video_id: requiredQuery(uuidString()),
	composite_type: queryParam.withDefault(z.enum(COMPOSITE_TYPES), 'shot'),
	limit: queryParam.withDefault(integerString({ min: 1 }), 10),
});
