import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ConceptCreateRequest } from '../../../shared/api';
import { datasetLocator } from '../../../shared/descriptions';
import { callEndpoint } from '../../../shared/endpoints';
import { assertNotEmpty, assertRange } from '../../../shared/validation';
import { conceptNameRefused, datasetNotFound, getConceptDatasetId, unitNumber } from '../fields';
import { assertConceptEncoder, conceptEncoderRefused } from './encoderRule';
import { conceptFields } from './update.operation';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. beach_scene',
		description: 'Becomes a column name in SQL; unique within the dataset',
	},
	datasetLocator({ description: 'The dataset whose images and keyframes the concept classifies' }),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: conceptFields,
	},
];

export const description = updateDisplayOptions({ show: { resource: ['concept'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body: ConceptCreateRequest = {
		name: assertNotEmpty.call(this, this.getNodeParameter('name', itemIndex), 'Name', itemIndex),
		datasetId: getConceptDatasetId.call(this, itemIndex),
	};
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	if (fields.description !== undefined) body.description = String(fields.description);
	if (fields.threshold !== undefined) body.threshold = unitNumber.call(this, fields.threshold, 'Threshold', itemIndex);
	if (fields.regularization !== undefined) {
		body.regularization = assertRange.call(this, fields.regularization, 'Regularization', itemIndex, { min: 0, integer: false });
	}
	const notFound = datasetNotFound(body.datasetId);
	await assertConceptEncoder.call(this, body.datasetId, itemIndex);
	return await callEndpoint(this, 'create', {
		body,
		itemIndex,
		explain: (failure, details) =>
			notFound(failure, details) ?? conceptEncoderRefused(failure, details) ?? conceptNameRefused(failure, details),
	});
}
