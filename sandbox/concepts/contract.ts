import { check, each, fields, ge, gt, le, lt, type Rules, whole } from '../contract';

/** The most items one page returns, whatever `limit` asks for (as for datasets). */
export const MAX_PAGE_SIZE = 100;
/** service-spec.md, Limits and Endpoints › Concepts: candidates `limit` is 1 to 20. */
export const MAX_CANDIDATES = 20;

/** Assumed: thresholds are probabilities, 0 to 1 (the service publishes no bounds). */
const probability = [ge(0), le(1)];
/** Assumed: regularization is not negative. */
const regularization = [ge(0)];
/** service-spec.md, Endpoints › Concepts: offset at least 0, limit at least 1. */
const page = { offset: [ge(0)], limit: [ge(1)] };

export const createConcept = {
	body: (body) => fields(body, { threshold: probability, regularization }),
} satisfies Rules<'create'>;

export const updateConcept = {
	body: (body) => fields(body, { threshold: probability, regularization }),
} satisfies Rules<'update'>;

export const listConcepts = { query: (query) => fields(query, page) } satisfies Rules<'list'>;

export const listLabels = { query: (query) => fields(query, page) } satisfies Rules<'get-labels'>;

export const updateLabels = {
	body: (body) =>
		fields(body, {
			// Assumed: a label names its image or keyframe once, by coactiveImageId or by imagePath (the document makes both optional).
			labels: (field) =>
				each(field, (label) =>
					whole(label, (request) =>
						[request.coactiveImageId, request.imagePath].filter(
							(value) => value !== null && value !== undefined && value !== '',
						).length === 1
							? undefined
							: 'exactly one of coactiveImageId or imagePath must be provided',
					),
				),
			autosampledNumNegativeLabels: [ge(0)],
		}),
} satisfies Rules<'update-labels'>;

export const labelCandidates = {
	query: (query) => fields(query, { limit: [ge(1), le(MAX_CANDIDATES)] }),
} satisfies Rules<'get-label-candidates'>;

/** Assumed: confidence_level lies strictly between 0 and 1, and estimation_fidelity is at least 1. */
export const predictionEstimation = {
	query: (query) =>
		fields(query, { threshold: probability, confidence_level: [gt(0), lt(1)], estimation_fidelity: [ge(1)] }),
} satisfies Rules<'get-concept-prediction'>;

/** A URL the service can download: `new URL` reads it (assumed; the document types it as a string). */
const url = check((text: string) => {
	try {
		new URL(text);
		return undefined;
	} catch {
		return 'Invalid url';
	}
});

export const classifyImageAtUrl = {
	query: (query) => fields(query, { threshold: probability }),
	body: (body) =>
		whole(
			fields(body, { url: [url] }),
			// Assumed: the concepts are named, or are those of a dataset (the document makes both optional).
			(request) =>
				!request.conceptIds?.length && !request.datasetId
					? 'either conceptIds or datasetId must be provided'
					: undefined,
		),
} satisfies Rules<'classify-image-at-url'>;
