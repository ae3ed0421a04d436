import type { z } from 'zod';
import { check, fields, ge, gt, inner, le, pattern, type Rules } from '../contract';
import { SUNSET_ENCODER, SUNSET_ENCODER_DATE, SUNSET_ENCODER_REPLACEMENTS } from '../encoders';
import type { schemas } from '../generated/schemas';
import { DATASET_NAME_PATTERN } from './model';

/** The most items one page returns, whatever `limit` asks for (sandbox/README.md, Assumptions). */
export const MAX_PAGE_SIZE = 100;

/** NOTES.md, "Dates that matter today": encoder `multimodal` is past its sunset; offering it is refused. */
const liveEncoder = check((name: string) =>
	name === SUNSET_ENCODER
		? `encoder '${SUNSET_ENCODER}' reached its sunset on ${SUNSET_ENCODER_DATE}; use ${SUNSET_ENCODER_REPLACEMENTS.join(' or ')}`
		: undefined,
);

/** Assumed: the required maps of a dataset config name at least one embedding (the service's own check is not published). */
const notEmpty = check((map: object) => (Object.keys(map).length > 0 ? undefined : 'must not be empty'));
const config = <F extends z.ZodTypeAny>(field: F) =>
	inner(field, (settings) =>
		fields(settings as unknown as (typeof schemas)['datasets:DatasetConfig'], {
			embedding_id: [notEmpty],
			encoder_name: [notEmpty],
		}),
	);

export const createDataset = {
	body: (body) =>
		fields(body, {
			name: [pattern(DATASET_NAME_PATTERN)],
			encoder_name: [liveEncoder],
			// Assumed: the sampling rate is 0.00001 to 5 frames per second (the service publishes no bounds).
			keyframe_uniform_fps_sampling_rate: [ge(0.00001), le(5)],
			dataset_config: config,
		}),
} satisfies Rules<'create-dataset-api-v-1-datasets-post'>;

export const updateDataset = {
	body: (body) => fields(body, { name: [pattern(DATASET_NAME_PATTERN)], dataset_config: config }),
} satisfies Rules<'update-dataset-by-id-api-v-1-datasets-dataset-id-patch'>;

/** service-spec.md, Endpoints › Datasets: skip at least 0, limit greater than 0. */
export const listDatasets = {
	query: (query) => fields(query, { skip: [ge(0)], limit: [gt(0)] }),
} satisfies Rules<'get-datasets-api-v-1-datasets-get'>;
