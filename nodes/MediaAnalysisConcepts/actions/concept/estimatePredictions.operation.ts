import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { conceptLocator, conceptRequest, thresholdField, UNIT } from '../fields';
import { collection, numberField } from '../../../shared/descriptions';

export const toolDescription =
	'Estimates how many images and video frames of the dataset of the concept show the concept, per score range above a threshold. Needs the concept (its ID, a UUID, or its exact name). Returns the ranges with their estimated counts.';

export const option = {
	name: 'Estimate Predictions',
	description: 'Estimate how many assets of the dataset show the concept, per score range',
	action: 'Estimate the predictions of a concept',
};

export const description: INodeProperties[] = [
	conceptLocator(),
	thresholdField('Score above which an asset counts as showing the concept (0 to 1)', 0.5),
	collection('Options', 'options', 'Add option', [
		numberField(
			'Confidence Level',
			'confidenceLevel',
			0.95,
			'Between 0 and 1: higher gives wider intervals that are more likely to hold the true count',
			{ minValue: 0.01, maxValue: 0.99, numberPrecision: 2 },
		),
		numberField('Estimation Fidelity', 'estimationFidelity', 1000, 'Higher is slower and more accurate', {
			minValue: 1,
		}),
	]),
];

export async function execute(_itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const request = await conceptRequest(item);
	const options = item.options();
	const qs: IDataObject = { threshold: item.range(item.param('threshold', 0.5), 'Threshold', UNIT) };
	if (options.confidenceLevel !== undefined) {
		const level = item.range(options.confidenceLevel, 'Confidence Level', UNIT);
		if (level <= 0 || level >= 1) {
			throw item.invalid(
				'Confidence Level',
				`${level} is not between 0 and 1`,
				'Confidence Level must be greater than 0 and less than 1, e.g. 0.95.',
			);
		}
		qs.confidence_level = level;
	}
	if (options.estimationFidelity !== undefined) {
		qs.estimation_fidelity = item.range(options.estimationFidelity, 'Estimation Fidelity', { min: 1 });
	}
	return await run.call('concepts.getConceptPrediction', { ...request, qs });
}
