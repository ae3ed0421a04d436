import type { z } from 'zod';
import { among, fields, ge, le, maxItems, minItems, type Rules, whole } from '../contract';
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
const oneReference = (body: {
	coactive_image_id?: string | null;
	public_url?: string | null;
	upload_id?: string | null;
}) =>
	[body.coactive_image_id, body.public_url, body.upload_id].filter(
		(value) => value !== null && value !== undefined && value !== '',
	).length === 1
		? undefined
		: 'Either coactive_image_id, public_url or upload_id must be provided';

export const textToImage = {
	body: (body) => fields(body, page),
} satisfies Rules<'text-search-api-v-1-search-text-to-image-post'>;

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

// ---- more search modes (issue 27) ----------------------------------------------------------------------------------

/** Assumed: an audio-sound search pages like the other searches. */
export const audioSoundSearch = { body: (body) => fields(body, page) } satisfies Rules<'audio-sound-search'>;

/**
 * The document's description of the request: the person is given by `person_ids` or `person_names_or_aliases`
 * (assumed: at least one of them, not empty).
 */
export const textToImageByPerson = {
	body: (body) =>
		whole(fields(body, page), (value: { person_ids?: string[] | null; person_names_or_aliases?: string[] | null }) =>
			(value.person_ids?.length ?? 0) + (value.person_names_or_aliases?.length ?? 0) > 0
				? undefined
				: 'Either person_ids or person_names_or_aliases must be provided',
		),
} satisfies Rules<'text-to-image-search-by-person'>;

/** Assumed: hybrid search takes at least one result (it has no offset). */
export const hybridSearch = { body: (body) => fields(body, { limit: [ge(1)] }) } satisfies Rules<'hybrid-search'>;

/** The document's description of `upload_ids`: 15 to 100 items. */
export const CELEBRITY_UPLOADS = { min: 15, max: 100 };
export const celebrityMatches = {
	body: (body) =>
		fields(body, { ...page, upload_ids: [minItems(CELEBRITY_UPLOADS.min), maxItems(CELEBRITY_UPLOADS.max)] }),
} satisfies Rules<'celebrity-matches-api-v-1-search-celebrity-matches-post'>;

/** Assumed: a metadata-filtered run ranks at least one result, from offset 0 up. */
export const metadataSearch = {
	body: (body) => fields(body, page),
} satisfies Rules<'search-text-to-image-with-metadata-filters'>;
export const metadataKeyframeSearch = {
	body: (body) => fields(body, page),
} satisfies Rules<'search-text-to-keyframe-with-metadata-filters'>;
export const metadataShotSearch = {
	body: (body) => fields(body, page),
} satisfies Rules<'search-text-to-shot-with-metadata-filters'>;
export const metadataVideoSearch = {
	body: (body) => fields(body, page),
} satisfies Rules<'search-text-to-video-with-metadata-filters'>;
export const metadataTranscriptSearch = {
	body: (body) => fields(body, page),
} satisfies Rules<'search-text-to-transcript-with-metadata-filters'>;
export const metadataSoundSearch = {
	body: (body) => fields(body, page),
} satisfies Rules<'search-audio-sound-with-metadata-filters'>;
