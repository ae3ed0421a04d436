import { NodeOperationError } from 'n8n-workflow';

import type { Item } from '../../../shared/item';
import { datasetNotFound } from '../../../shared/notFound';
import type { Failure } from '../../../shared/transport';

/** The spec: concepts work with the tx-large2, tx-large3 and tx-large4 encoders on v1-pipeline datasets. */
const CONCEPT_ENCODERS = ['multimodal-tx-large2', 'multimodal-tx-large3', 'multimodal-tx-large4'];
const RULE =
	'Concepts work only on datasets that use the multimodal-tx-large2, multimodal-tx-large3 or multimodal-tx-large4 encoder on the v1 pipeline. Choose such a dataset, or create one with one of these encoders (Media Analysis Datasets → Create) and ingest the assets there.';

/** Reads the dataset's encoder and refuses, before creating anything, a concept the service could not train. */
export async function assertConceptEncoder(item: Item, datasetId: string): Promise<void> {
	const dataset = await item.run.call('datasets.get', {
		params: { dataset_id: datasetId },
		itemIndex: item.index,
		explain: datasetNotFound(datasetId),
	});
	const encoders = (Array.isArray(dataset.encoders) ? dataset.encoders : []).map((encoder) => String(encoder?.name));
	// An answer that names no encoder decides nothing here; the service has the last word.
	if (encoders.length === 0 || encoders.some((name) => CONCEPT_ENCODERS.includes(name))) return;
	throw new NodeOperationError(
		item.context.getNode(),
		`Dataset ${datasetId} uses the ${encoders.join(', ')} encoder, which concepts do not work with`,
		{ description: RULE, itemIndex: item.index },
	);
}

/** The service's refusal of a concept for its dataset's encoder or pipeline, explained with the rule. */
export function conceptEncoderRefused(failure: Failure, details: string[]) {
	if (failure.status !== 400 && failure.status !== 422) return undefined;
	if (!details.some((detail) => /encoder|pipeline/i.test(detail))) return undefined;
	return { message: `The service does not support concepts on this dataset: ${details[0]}`, description: RULE };
}
