import { z } from 'zod';
import { booleanString, integerString, queryParam, uuidString, valueError } from '../validation';
import { EXPORT_TYPES, QUERY_STATUSES, QUERY_TYPES, sqlSyntaxError } from './model';

/** The most items one page of the list returns, whatever `limit` asks for. */
export const MAX_PAGE_SIZE = 100;
/** The longest a results link may stay valid: assumed, like an S3 presigned URL (7 days). */
export const MAX_LINK_SECONDS = 604_800;

export const queryIdPath = z.object({ query_id: uuidString() });

/** `queries:app__api__v1__schema__CreateQueryRequest` */
export const createQueryBody = z
	.object({
		dataset_id: uuidString(),
		query: z.string().min(1),
		type: z.enum(QUERY_TYPES).default('SQL'),
		parameters: z.record(z.unknown()).nullable().optional(),
		embedding_id: uuidString().nullable().optional(),
		check_validity: z.boolean().default(true),
		dynamic_tags_version: z.string().default('v2'),
	})
	.superRefine((body, ctx) => {
		if (!body.check_validity || body.type !== 'SQL') return;
		const problem = sqlSyntaxError(body.query);
		if (problem) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['query'],
				params: { type: 'value_error', msg: `Value error, the query is not valid SQL: ${problem}` },
			});
		}
	});

export const listQueriesQuery = z.object({
	status: queryParam.optional(z.enum(QUERY_STATUSES)),
	dataset_id: queryParam.optional(uuidString()),
	exclude_no_code: queryParam.optional(booleanString()),
	exclude_code: queryParam.optional(booleanString()),
	query_types: queryParam.optional(z.enum(QUERY_TYPES)),
	offset: queryParam.withDefault(integerString({ min: 0 }), 0),
	limit: queryParam.withDefault(integerString({ greaterThan: 0 }), MAX_PAGE_SIZE),
});

/** `queries:Body_list_queries_api_v1_queries_get`, the optional JSON body of the list GET. */
export const listQueriesBody = z
	.object({
		query_ids: z.array(uuidString()).nullable().optional(),
		user_ids: z.array(z.string()).nullable().optional(),
		exclude_user_ids: z.array(z.string()).nullable().optional(),
	})
	.nullable();

export const resultsQuery = z.object({
	url_format: queryParam.withDefault(z.enum(['download', 'direct']), 'download'),
	expiration_seconds: queryParam.withDefault(
		integerString({ greaterThan: 0 }).superRefine((seconds, ctx) => {
			if (seconds > MAX_LINK_SECONDS) valueError(ctx, `expiration_seconds must be at most ${MAX_LINK_SECONDS}`);
		}),
		900,
	),
});

/** `queries:ExportQueryRequest` */
export const exportQueryBody = z.object({
	connection_name: z.string().min(1).nullable().default('coactive'),
	export_type: z.enum(EXPORT_TYPES).default('CSV'),
	target_bucket: z.string().min(1),
	target_prefix: z.string(),
});
