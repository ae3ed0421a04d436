import { check, fields, ge, gt, minLength, type Rules } from '../contract';

/** The most items one page of the list returns, whatever `limit` asks for. */
export const MAX_PAGE_SIZE = 100;
/** The longest a results link may stay valid: assumed, like an S3 presigned URL (7 days). */
export const MAX_LINK_SECONDS = 604_800;

export const createQuery = {
	// Assumed: a query has text, and its type defaults to SQL (the document gives no default). check_validity is
	// checked by the handler: it compiles the SQL against the dataset's tables, which validation cannot see.
	body: (body) =>
		fields(body, {
			query: [minLength(1)],
			type: (field) => field.unwrap().default('SQL'),
		}),
} satisfies Rules<'create-query-api-v-1-queries-post'>;

export const listQueries = {
	// Assumed: offset is not negative and limit greater than 0 (the document gives only the defaults).
	query: (query) => fields(query, { offset: [ge(0)], limit: [gt(0)] }),
	// NOTES.md, "Requests with a JSON body on GET": the filter body is optional (absent or null: no filter).
	body: (body) => body.nullable(),
	absentBody: null,
} satisfies Rules<'list-queries-api-v-1-queries-get'>;

export const queryResults = {
	query: (query) =>
		fields(query, {
			expiration_seconds: [
				gt(0),
				check((seconds: number) =>
					seconds > MAX_LINK_SECONDS ? `expiration_seconds must be at most ${MAX_LINK_SECONDS}` : undefined,
				),
			],
		}),
} satisfies Rules<'get-query-results-url-api-v-1-queries-query-id-results-get'>;

export const exportQuery = {
	body: (body) =>
		fields(body, {
			// Assumed: a connection and a bucket are named when given; the export type defaults to CSV.
			connection_name: [minLength(1)],
			export_type: (field) => field.unwrap().default('CSV'),
			target_bucket: [minLength(1)],
		}),
} satisfies Rules<'export-query-api-v-1-queries-query-id-exports-post'>;
