import type { IDataObject } from 'n8n-workflow';

import type { CheckedResponseOf } from '../../../shared/endpoints';

/**
 * A concept name as a field name: lower case, every run of other characters than letters and digits one `_`
 * ("Logo on screen" → `logo_on_screen`). Two concepts that come out the same get `_2`, `_3`, … in the order scored.
 */
function fieldNames(names: string[]): string[] {
	const taken = new Set<string>();
	return names.map((name) => {
		const base =
			name
				.toLowerCase()
				.replace(/[^a-z0-9]+/g, '_')
				.replace(/^_+|_+$/g, '') || 'concept';
		let field = base;
		for (let n = 2; taken.has(field); n++) field = `${base}_${n}`;
		taken.add(field);
		return field;
	});
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The asset an input item names: its own `asset_id` and `source_path` (Ingestion's rows and the Trigger's asset events
 * alike). The image URL stands in for a source path the input does not have.
 */
function assetOf(input: IDataObject, imageUrl: string) {
	return { asset_id: text(input.asset_id) ?? null, source_path: text(input.source_path) ?? imageUrl };
}

/**
 * The output of Classify Image: `asset_id`, `source_path`, `image_url`; `score` and `positive` when exactly one concept
 * was chosen; `<concept>_score` and `<concept>_positive` for each concept scored; `positive_concepts`, the names of
 * those above the threshold; `dataset_id` (null with Chosen Concepts); and the service's `scores` as they came.
 */
export function flatScores(
	input: IDataObject,
	imageUrl: string,
	datasetId: string | null,
	chosen: number | undefined,
	{ scores }: CheckedResponseOf<'concepts.classifyImageAtUrl'>,
): IDataObject {
	const output: IDataObject = { ...assetOf(input, imageUrl), image_url: imageUrl };
	if (chosen === 1 && scores.length === 1) {
		output.score = scores[0].score;
		output.positive = scores[0].positive;
	}
	// A score without its concept's name (the answer's records are checked as objects, not field by field) is `concept`.
	const fields = fieldNames(scores.map((score) => text(score.conceptName) ?? ''));
	scores.forEach((score, index) => {
		output[`${fields[index]}_score`] = score.score;
		output[`${fields[index]}_positive`] = score.positive;
	});
	// Named for any dataset's concepts, so an IF can branch on "any concept shown" without code.
	const positive = scores
		.filter((score) => score.positive === true)
		.map((score) => text(score.conceptName) ?? 'concept');
	return { ...output, positive_concepts: positive, dataset_id: datasetId, scores };
}
