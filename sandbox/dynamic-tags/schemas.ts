import { z } from 'zod';
import { booleanString, dateTimeString, integerString, numberString, queryParam, uuidString, valueError } from '../validation';

import { GROUP_VERSION_STATUSES, SORT_DIRECTIONS, SORT_FIELDS, type SortField } from './model';

export const MAX_PER_PAGE = 100;

const optionalString = () => queryParam.optional(z.string());
const flag = () => queryParam.withDefault(booleanString(), false);

/** Query of `GET /api/v3/dynamic-tags/groups`. */
export const tagGroupListQuery = z.object({
	name: optionalString(),
	name_contains: optionalString(),
	version_name: optionalString(),
	group_status: queryParam.optional(z.enum(GROUP_VERSION_STATUSES)),
	group_ids: queryParam.list(uuidString()),
	exclude_group_ids: queryParam.list(uuidString()),
	visual_encoder: optionalString(),
	transcript_encoder: optionalString(),
	is_shareable: flag(),
	created_user_id: optionalString(),
	created_dt_from: queryParam.optional(dateTimeString()),
	created_dt_to: queryParam.optional(dateTimeString()),
	training_dataset_id: queryParam.optional(uuidString()),
	page: queryParam.withDefault(integerString({ min: 1 }), 1),
	per_page: queryParam.withDefault(integerString({ min: 1 }).pipe(z.number().max(MAX_PER_PAGE)), 25),
	sort_field: queryParam.withDefault(
		z.string().superRefine((field, ctx) => {
			if (!(SORT_FIELDS as readonly string[]).includes(field)) {
				valueError(ctx, `sort_field must be one of ${SORT_FIELDS.join(', ')}`);
			}
		}),
		'name',
	),
	sort_direction: queryParam.withDefault(z.enum(SORT_DIRECTIONS), 'asc'),
	include_training_datasets: flag(),
	include_versions: flag(),
	include_tags: flag(),
});

export type TagGroupListQuery = z.output<typeof tagGroupListQuery> & { sort_field: SortField };

export const STRATEGIES = ['ANY_HIT', 'COVERAGE_THRESHOLD', 'LONGEST_RUN'] as const;
export const ENGINES = ['DUCKDB', 'PINOT'] as const;

export const tagPath = z.object({ group_id: uuidString(), tag_id: uuidString() });
export const shotScoresPath = tagPath.extend({ version_id: uuidString(), video_id: uuidString() });
export const aggregationPath = tagPath.extend({ aggregation_id: uuidString() });

/** Query of the shot scores of one video: min_conf must be greater than 0.1 (the document says so). */
export const shotScoresQuery = z.object({
	dataset_id: queryParam.optional(uuidString()).pipe(z.string({ required_error: 'Field required' })),
	min_conf: queryParam.withDefault(numberString().pipe(z.number().gt(0.1)), 0.5),
});

/** Query of a saved aggregation's results (per_page's bound is assumed, as elsewhere in the service). */
export const aggregationResultQuery = z.object({
	page: queryParam.withDefault(integerString({ min: 1 }), 1),
	per_page: queryParam.withDefault(integerString({ min: 1 }).pipe(z.number().max(MAX_PER_PAGE)), 100),
	sort_order: queryParam.withDefault(z.enum(SORT_DIRECTIONS), 'desc'),
});

export const aggregationCountQuery = z.object({
	criteria_met: queryParam.withDefault(booleanString(), true),
	accepted: queryParam.optional(booleanString()),
});

/** Query of the preview: the aggregation settings given directly (coverage_threshold needed by its strategy). */
export const previewQuery = z
	.object({
		tag_version_id: queryParam.optional(uuidString()).pipe(z.string({ required_error: 'Field required' })),
		dataset_id: queryParam.optional(uuidString()).pipe(z.string({ required_error: 'Field required' })),
		strategy: queryParam.optional(z.enum(STRATEGIES)).pipe(z.enum(STRATEGIES, { required_error: 'Field required' })),
		min_conf: queryParam.optional(numberString()).pipe(z.number({ required_error: 'Field required' })),
		coverage_threshold: queryParam.optional(numberString()),
		engine: queryParam.withDefault(z.enum(ENGINES), 'DUCKDB'),
		max_shot_length: queryParam.optional(integerString()),
	})
	.superRefine((query, ctx) => {
		if (query.strategy === 'COVERAGE_THRESHOLD' && query.coverage_threshold === undefined) {
			valueError(ctx, 'coverage_threshold is required for the COVERAGE_THRESHOLD strategy');
		}
	});
