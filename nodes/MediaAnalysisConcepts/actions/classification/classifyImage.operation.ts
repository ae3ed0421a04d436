import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { PublicUrlClassificationRequest } from '../../../shared/schemas.generated';
import { collection, datasetLocator, textField } from '../../../shared/descriptions';
import { datasetNotFound } from '../../../shared/notFound';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';
import { includeInputFieldsProperty, withInputFields } from '../../../shared/inputFields';
import { splitList } from '../../../shared/validation';
import { oneNotFound, thresholdField, UNIT } from '../fields';
import { flatScores } from './flatScores';

export const toolDescription =
	'Scores an image at a public URL against the visual concepts of a dataset, or against chosen concepts. Needs the image URL and the dataset (its ID, a UUID, or its exact name). Returns, per concept, <concept>_score (0 to 1) and <concept>_positive (true when the score is above the threshold), positive_concepts (the names of those above it), and the scores list.';

export const option = {
	name: 'Classify Image',
	description: 'Score an image from a public URL against concepts',
	action: 'Classify an image from a URL',
};

export const description: INodeProperties[] = [
	textField(
		'Image URL',
		'imageUrl',
		'e.g. https://example.com/photos/beach.jpg',
		'A public address the service can download the image from: after Media Analysis Ingestion, the Source Path of the ingested image ({{ $json.source_path }})',
		{ required: true },
	),
	{
		displayName: 'Classify Against',
		name: 'classifyAgainst',
		type: 'options',
		options: [
			{ name: 'All Concepts of a Dataset', value: 'dataset' },
			{ name: 'Chosen Concepts', value: 'concepts' },
		],
		default: 'dataset',
	},
	datasetLocator({
		description: 'Every concept of this dataset scores the image',
		displayOptions: { show: { classifyAgainst: ['dataset'] } },
	}),
	// The concept list below shows the concepts of this dataset; it is not sent.
	datasetLocator({
		displayName: 'Concepts of Dataset',
		required: false,
		description:
			'The dataset whose concepts the list below shows (only to choose them; IDs from an expression need none)',
		displayOptions: { show: { classifyAgainst: ['concepts'] } },
	}),
	{
		displayName: 'Concept Names or IDs',
		name: 'conceptIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getConcepts', loadOptionsDependsOn: ['datasetId.value'] },
		required: true,
		default: [],
		displayOptions: { show: { classifyAgainst: ['concepts'] } },
		description:
			'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	includeInputFieldsProperty("e.g. an ingested row's columns and status"),
	collection('Options', 'options', 'Add option', [
		thresholdField(
			'Score above which the image counts as showing a concept (0 to 1); a score equal to it is not positive. Sent only when added: without it the service applies its own default (0.5).',
			0.5,
		),
	]),
];

/** The classification 404s: the dataset (all its concepts) or one of the chosen concepts does not exist. */
function explainNotFound(datasetId: string | undefined) {
	if (datasetId) {
		return datasetNotFound(
			datasetId,
			'Classification uses the concepts of an existing dataset. Check the dataset ID or choose the dataset "From list"; deleted datasets cannot be used.',
		);
	}
	return oneNotFound(
		'A chosen concept was not found',
		'One of the chosen concepts does not exist (any more). Choose the concepts from the list again.',
	);
}

/**
 * Scores the image for each concept; `positive` is true when the score is above the threshold. The output names the
 * input's asset and gives flat per-concept fields (`flatScores`). A dataset with no concepts gives a `hint` (and an
 * execution hint in the editor) instead of a silent empty list.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const body: PublicUrlClassificationRequest = { url: item.url(item.param('imageUrl'), 'Image URL') };
	if (item.param('classifyAgainst') === 'dataset') {
		// The concepts service takes version-4 UUIDs.
		body.datasetId = item.uuid4(await item.datasetId(), 'Dataset');
	} else {
		const ids = splitList(item.param('conceptIds', []));
		if (ids.length === 0) {
			throw item.invalid(
				'Concepts',
				'no concept was chosen',
				'Choose at least one concept, or classify against all concepts of a dataset.',
			);
		}
		body.conceptIds = ids.map((id) => item.uuid4(id, 'Concepts'));
	}
	const options = item.options();
	const qs: IDataObject = {};
	if (options.threshold !== undefined) qs.threshold = item.range(options.threshold, 'Threshold', UNIT);
	const response = await run.call('concepts.classifyImageAtUrl', {
		qs,
		body,
		itemIndex,
		explain: explainNotFound(body.datasetId ?? undefined),
	});
	const input = this.getInputData()[itemIndex]?.json ?? {};
	const own = flatScores(input, body.url, body.datasetId ?? null, body.conceptIds?.length, response);
	const result = withInputFields(item.param('includeInputFields', false), input, own);
	if (response.scores.length === 0 && body.datasetId) {
		const hint = `Dataset ${body.datasetId} has no concepts yet, so nothing scored the image. Create one with Concept → Create (and label it), or choose Classify Against: Chosen Concepts.`;
		result.hint = hint;
		this.addExecutionHints({ message: hint, location: 'outputPane' });
	}
	return result;
}
