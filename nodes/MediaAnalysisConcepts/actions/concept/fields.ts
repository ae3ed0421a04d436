import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { CreateConceptRequest } from '../../../shared/schemas.generated';
import type { Failure } from '../../../shared/transport';
import type { Checks } from '../../../shared/validation';
import { thresholdField, UNIT } from '../fields';
import { numberField, textField } from '../../../shared/descriptions';

/** Create's Name (required) and Update's (optional). */
export const nameField = (required: boolean): INodeProperties =>
	textField(
		'Name',
		'name',
		'e.g. beach_scene',
		'Becomes a column name in SQL; unique within the dataset',
		required ? { required } : {},
	);

export const descriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	typeOptions: { rows: 2 },
};

/** Regularization and Threshold, after Description (and Update's Name) in both collections. */
export const tuningFields: INodeProperties[] = [
	numberField(
		'Regularization',
		'regularization',
		0.0625,
		'How strongly the model adapts to the labels: lower values fit the labels more closely',
		{ minValue: 0, numberPrecision: 4 },
	),
	thresholdField('Score above which an image counts as showing the concept (0 to 1)', 0.8),
];

/** Description, Threshold and Regularization as Create and Update read them from their collection. */
export function readConceptFields(item: Checks, fields: IDataObject) {
	const body: Pick<CreateConceptRequest, 'description' | 'threshold' | 'regularization'> = {};
	if (fields.description !== undefined) body.description = String(fields.description);
	if (fields.threshold !== undefined) body.threshold = item.range(fields.threshold, 'Threshold', UNIT);
	if (fields.regularization !== undefined) {
		body.regularization = item.range(fields.regularization, 'Regularization', { min: 0, integer: false });
	}
	return body;
}

/** 400 on create or rename: the service's only published 400 is "invalid concept name". */
export function conceptNameRefused(failure: Failure, details: string[]) {
	if (failure.status !== 400) return undefined;
	return {
		message: `The concept name was refused: ${details[0] ?? 'invalid concept name'}`,
		description:
			'A concept name becomes a column name in SQL and must be unique within its dataset. Use letters, digits and underscores, starting with a letter (e.g. beach_scene), and a name no other concept of the dataset has.',
	};
}
