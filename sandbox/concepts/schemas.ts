import { z } from 'zod';
import { integerString, parseUuid, queryParam, valueError } from '../validation';
import { CONCEPT_LABELS } from './model';

/** The most items one page returns, whatever `limit` asks for (as for datasets). */
export const MAX_PAGE_SIZE = 100;
export const MAX_CANDIDATES = 20;

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** pydantic's `UUID4`: any UUID spelling it parses, and then version 4 only. */
export const uuid4String = () =>
	z.string().transform((raw, ctx) => {
		const uuid = parseUuid(raw);
		if (!uuid) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				params: { type: 'uuid_parsing', msg: 'Input should be a valid UUID, unable to parse string as a UUID' },
			});
			return z.NEVER;
		}
		if (!UUID4.test(uuid)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, params: { type: 'uuid_version', msg: 'UUID version 4 expected' } });
			return z.NEVER;
		}
		return uuid;
	});

/** A query-string number (pydantic `float`). */
export const numberString = () =>
	z.string().transform((raw, ctx) => {
		const value = raw.trim() === '' ? Number.NaN : Number(raw);
		if (!Number.isFinite(value)) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				params: { type: 'float_parsing', msg: 'Input should be a valid number, unable to parse string as a number' },
			});
			return z.NEVER;
		}
		return value;
	});

/** A probability-like query number: 0 to 1 inclusive (bounds assumed; the service publishes none). */
const unitInterval = (fallback: number) => queryParam.withDefault(numberString().pipe(z.number().min(0).max(1)), fallback);

const offsetQuery = queryParam.withDefault(integerString({ min: 0 }), 0);
const limitQuery = queryParam.withDefault(integerString({ min: 1 }), 100);

export const conceptIdPath = z.object({ concept_id: uuid4String() });

/** `CreateConceptRequest` */
export const conceptCreateBody = z.object({
	name: z.string(),
	description: z.string().nullable().optional(),
	threshold: z.number().min(0).max(1).nullable().optional(),
	regularization: z.number().min(0).nullable().optional(),
	datasetId: uuid4String(),
});

/** `UpdateConceptRequest` */
export const conceptUpdateBody = z.object({
	name: z.string().nullable().optional(),
	description: z.string().nullable().optional(),
	threshold: z.number().min(0).max(1).nullable().optional(),
	regularization: z.number().min(0).nullable().optional(),
});

/** Query of `GET /api/v1/concepts`. */
export const conceptListQuery = z.object({
	datasets: queryParam.list(uuid4String()),
	offset: offsetQuery,
	limit: limitQuery,
});

/** Query of `GET /api/v1/concepts/{concept_id}/labels`. */
export const labelListQuery = z.object({
	offset: offsetQuery,
	limit: limitQuery,
	labels_to_include: queryParam.list(z.enum(CONCEPT_LABELS)),
});

/** `ConceptLabelRequest`: one of coactiveImageId and imagePath names the image or keyframe; no label removes it. */
const labelRequest = z
	.object({
		coactiveImageId: uuid4String().nullable().optional(),
		imagePath: z.string().nullable().optional(),
		label: z.enum(CONCEPT_LABELS).nullable().optional(),
	})
	.superRefine((value, ctx) => {
		const given = [value.coactiveImageId, value.imagePath].filter((v) => v !== null && v !== undefined && v !== '');
		if (given.length !== 1) valueError(ctx, 'exactly one of coactiveImageId or imagePath must be provided');
	});

/** `UpdateConceptLabelsRequest` */
export const labelsUpdateBody = z.object({
	labels: z.array(labelRequest),
	autosampledNumNegativeLabels: z.number().int().min(0).nullable().optional(),
});

export type LabelsUpdate = z.output<typeof labelsUpdateBody>;

/** Query of `GET /api/v1/concepts/{concept_id}/candidates`: limit 1 to 20. */
export const candidatesQuery = z.object({
	limit: queryParam.withDefault(integerString({ min: 1 }).pipe(z.number().max(MAX_CANDIDATES)), 1),
});

/** Query of `GET /api/v1/concepts/{concept_id}/prediction_estimation`. */
export const predictionQuery = z.object({
	threshold: unitInterval(0.5),
	confidence_level: queryParam.withDefault(numberString().pipe(z.number().gt(0).lt(1)), 0.95),
	estimation_fidelity: queryParam.withDefault(integerString({ min: 1 }), 1000),
});

/** Query of `POST /api/v1/classify/image/url`. */
export const classifyQuery = z.object({ threshold: unitInterval(0.5) });

/** `PublicUrlClassificationRequest`: concept ids, or a dataset id whose concepts are all used. */
export const classifyBody = z
	.object({
		url: z.string().url(),
		conceptIds: z.array(uuid4String()).nullable().optional(),
		datasetId: uuid4String().nullable().optional(),
	})
	.superRefine((value, ctx) => {
		if (!value.conceptIds?.length && !value.datasetId) {
			valueError(ctx, 'either conceptIds or datasetId must be provided');
		}
	});
