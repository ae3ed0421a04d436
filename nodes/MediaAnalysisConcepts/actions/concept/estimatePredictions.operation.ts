import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import { assertRange, invalidParameter } from '../../../shared/validation';
import { conceptLocator, conceptNotFound, getConceptId, thresholdField, unitNumber } from '../fields';
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

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject> {
	const conceptId = await getConceptId(run, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {
		threshold: unitNumber.call(this, this.getNodeParameter('threshold', itemIndex, 0.5), 'Threshold', itemIndex),
	};
	if (options.confidenceLevel !== undefined) {
		const level = assertRange.call(this, options.confidenceLevel, 'Confidence Level', itemIndex, {
			min: 0,
			max: 1,
			integer: false,
		});
		if (level <= 0 || level >= 1) {
			throw invalidParameter.call(
				this,
				'Confidence Level',
				itemIndex,
				`${level} is not between 0 and 1`,
				'Confidence Level must be greater than 0 and less than 1, e.g. 0.95.',
			);
		}
		qs.confidence_level = level;
	}
	if (options.estimationFidelity !== undefined) {
		qs.estimation_fidelity = assertRange.call(this, options.estimationFidelity, 'Estimation Fidelity', itemIndex, {
			min: 1,
		});
	}
	return await run.call('concepts.getConceptPrediction', {
		params: { concept_id: conceptId },
		qs,
		itemIndex,
		explain: conceptNotFound(conceptId),
	});
}
