import { z } from 'zod';
import { booleanString, dateTimeString, integerString, queryParam, uuidString, valueError } from '../validation';
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
