import { z } from 'zod';
import { fields, ge, gt, le, type Rules, whole } from '../contract';
import { SORT_FIELDS, type SortField } from './model';

/** service-spec.md, Limits: per_page is 1 to 100 (dynamic tag groups list; assumed the same for video scores). */
export const MAX_PER_PAGE = 100;

const numberedPage = { page: [ge(1)], per_page: [ge(1), le(MAX_PER_PAGE)] };

export const listGroups = {
	query: (query) =>
		fields(query, {
			...numberedPage,
			// Assumed: a group sorts by one of the fields of its rows (the service's list is not published).
			sort_field: (field) =>
				field.transform((value, ctx) => {
					if ((SORT_FIELDS as readonly string[]).includes(value)) return value as SortField;
					ctx.addIssue({
						code: z.ZodIssueCode.custom,
						params: { type: 'value_error', msg: `Value error, sort_field must be one of ${SORT_FIELDS.join(', ')}` },
					});
					return z.NEVER;
				}),
			// Assumed: ascending unless asked (the document gives no default).
			sort_direction: (field) => field.transform((direction) => direction ?? 'asc'),
		}),
} satisfies Rules<'list-groups'>;

export const videoScoresResult = {
	query: (query) => fields(query, numberedPage),
} satisfies Rules<'get-video-scores-result'>;

/** Assumed: the COVERAGE_THRESHOLD strategy needs its threshold. */
export const videoScoresPreview = {
	query: (query) =>
		whole(query, (settings) =>
			settings.strategy === 'COVERAGE_THRESHOLD' && settings.coverage_threshold === undefined
				? 'coverage_threshold is required for the COVERAGE_THRESHOLD strategy'
				: undefined,
		),
} satisfies Rules<'get-video-scores-result-preview'>;

/** The vendor document's description of min_conf (prose, left out of the facts copy): it must be greater than 0.1. */
export const videoShotScores = {
	query: (query) => fields(query, { min_conf: [gt(0.1)] }),
} satisfies Rules<'get-video-shot-scores'>;
