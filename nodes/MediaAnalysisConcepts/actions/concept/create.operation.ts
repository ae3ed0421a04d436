import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { CreateConceptRequest } from '../../../shared/schemas.generated';
import { collection, datasetLocator } from '../../../shared/descriptions';
import { resolveDatasetId } from '../../../shared/readers';
import { datasetNotFound } from '../../../shared/transport';
import type { Run } from '../../../shared/run';
import { assertNotEmpty, assertUuid4 } from '../../../shared/validation';
import { assertConceptEncoder, conceptEncoderRefused } from './encoderRule';
import { conceptNameRefused, descriptionField, nameField, readConceptFields, tuningFields } from './fields';

export const toolDescription =
	'Creates a visual concept in a dataset, to be trained with labels. Needs its name (letters, digits and underscores, unique in the dataset) and the dataset (its ID, a UUID, or its exact name). Returns the concept with its conceptId.';

export const option = { name: 'Create', description: 'Create a concept in a dataset', action: 'Create a concept' };

export const description: INodeProperties[] = [
	nameField(true),
	datasetLocator({ description: 'The dataset whose images and keyframes the concept classifies' }),
	collection('Additional Fields', 'additionalFields', 'Add Field', [descriptionField, ...tuningFields]),
];

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject> {
	const body: CreateConceptRequest = {
		name: assertNotEmpty.call(this, this.getNodeParameter('name', itemIndex), 'Name', itemIndex),
		datasetId: assertUuid4.call(this, await resolveDatasetId(run, itemIndex), 'Dataset', itemIndex),
		...readConceptFields.call(this, this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject, itemIndex),
	};
	const notFound = datasetNotFound(body.datasetId);
	await assertConceptEncoder.call(this, run, body.datasetId, itemIndex);
	return await run.call('concepts.create', {
		body,
		itemIndex,
		explain: (failure, details) =>
			notFound(failure) ?? conceptEncoderRefused(failure, details) ?? conceptNameRefused(failure, details),
	});
}
