import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { CreateConceptRequest } from '../../../shared/schemas.generated';
import { collection, datasetLocator } from '../../../shared/descriptions';
import { datasetNotFound } from '../../../shared/notFound';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';
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

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const body: CreateConceptRequest = {
		name: item.notEmpty(item.param('name'), 'Name'),
		datasetId: item.uuid4(await item.datasetId(), 'Dataset'),
		...readConceptFields(item, item.options('additionalFields')),
	};
	const notFound = datasetNotFound(body.datasetId);
	await assertConceptEncoder(item, body.datasetId);
	return await run.call('concepts.create', {
		body,
		itemIndex,
		explain: (failure, details) =>
			notFound(failure) ?? conceptEncoderRefused(failure, details) ?? conceptNameRefused(failure, details),
	});
}
