import type { z } from 'zod';
import { among, fields, ge, le, type Rules, whole } from '../contract';
import { schemas } from '../generated/schemas';
import { uuidString } from '../validation';

/** NOTES.md, "Identifiers and limits": image-to-image `limit` is 1 to 1000 (assumed the same for video search). */
export const MAX_SEARCH_LIMIT = 1000;

/** One clause of a metadata filter (equals, not equals, boolean equals, inclusive date-time range). */
export type MetadataClause =
	| z.output<(typeof schemas)['search:MetadataFiltersFiltersItems']>
	| z.output<(typeof schemas)['search-video:MetadataFiltersFiltersItems']>;

/** Assumed: offset is not negative and limit at least 1 (the document gives only the defaults). */
const page = { offset: [ge(0)], limit: [ge(1)] };

/** Assumed: an image search names its image once: by platform id, public URL or upload id. */
const oneReference = (body: { coactive_image_id?: string | null; public_url?: string | null; upload_id?: string | null }) =>
	[body.coactive_image_id, body.public_url, body.upload_id].filter((value) => value !== null && value !== undefined && value !== '').length === 1
		? undefined
		: 'Either coactive_image_id, public_url or upload_id must be provided';

export const textToImage = { body: (body) => fields(body, page) } satisfies Rules<'text-search-api-v-1-search-text-to-image-post'>;

export const textToKeyframes = {
	body: (body) => fields(body, page),
} satisfies Rules<'text-to-keyframes-search-api-v-1-search-text-to-keyframes-post'>;

export const imageToImage = {
	body: (body) => whole(fields(body, { ...page, limit: [ge(1), le(MAX_SEARCH_LIMIT)] }), oneReference),
} satisfies Rules<'image-to-image'>;

export const imageToKeyframes = {
	body: (body) => whole(fields(body, page), oneReference),
} satisfies Rules<'image-to-keyframes'>;

export const transcriptExactMatch = { body: (body) => fields(body, page) } satisfies Rules<'transcript-exact-match'>;

export const audioSearch = { body: (body) => fields(body, page) } satisfies Rules<'audio-search'>;

export const videoSearch = {
	body: (body) => fields(body, { ...page, limit: [ge(1), le(MAX_SEARCH_LIMIT)] }),
} satisfies Rules<'search-videos'>;

/**
 * The drill-down into one video. NOTES.md, "Identifiers and limits": dataset and asset ids are UUIDs (the document
 * types these two as strings); assumed: composite_type is one of the document's CompositeType values, limit at least 1.
 */
export const videoDetails = {
	query: (query) =>
		fields(query, {
			dataset_id: (field) => field.pipe(uuidString()),
			video_id: (field) => field.pipe(uuidString()),
			composite_type: [among(schemas['search:CompositeType'].options)],
			limit: [ge(1)],
		}),
} satisfies Rules<'get-video-details'>;
