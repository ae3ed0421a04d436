import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ConceptUpdateRequest } from '../../../shared/api';
import { callEndpoint } from '../../../shared/endpoints';
import { assertNotEmpty, assertRange, invalidParameter } from '../../../shared/validation';
import { conceptLocator, conceptNameRefused, conceptNotFound, getConceptId, unitNumber } from '../fields';

/** Fields Create and Update share, with the same meaning. */
export const conceptFields: INodeProperties[] = [
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		typeOptions: { rows: 2 },
	},
	{
		displayName: 'Regularization',
		name: 'regularization',
		type: 'number',
		default: 0.0625,
		typeOptions: { minValue: 0, numberPrecision: 4 },
		description: 'How strongly the model adapts to the labels: lower values fit the labels more closely',
	},
	{
		displayName: 'Threshold',
		name: 'threshold',
		type: 'number',
		default: 0.8,
		typeOptions: { minValue: 0, maxValue: 1, numberPrecision: 4 },
		description: 'Score above which an image counts as showing the concept (0 to 1)',
	},
];

const properties: INodeProperties[] = [
	conceptLocator(),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			...conceptFields.slice(0, 1),
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. beach_scene',
				description: 'Becomes a column name in SQL; unique within the dataset',
			},
			...conceptFields.slice(1),
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['concept'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const conceptId = getConceptId.call(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: ConceptUpdateRequest = {};
	if (fields.name !== undefined) body.name = assertNotEmpty.call(this, fields.name, 'Name', itemIndex);
	if (fields.description !== undefined) body.description = String(fields.description);
	if (fields.threshold !== undefined) body.threshold = unitNumber.call(this, fields.threshold, 'Threshold', itemIndex);
	if (fields.regularization !== undefined) {
		body.regularization = assertRange.call(this, fields.regularization, 'Regularization', itemIndex, { min: 0, integer: false });
	}
	if (Object.keys(body).length === 0) {
		throw invalidParameter.call(this, 'Update Fields', itemIndex, 'no field to update was added', 'Add at least one field under "Update Fields".');
	}
	const notFound = conceptNotFound(conceptId);
	return await callEndpoint(this, 'update', {
		params: { concept_id: conceptId },
		body,
		itemIndex,
		explain: (failure, details) => notFound(failure) ?? conceptNameRefused(failure, details),
	});
}
