import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import type { UpdateConceptRequest } from '../../../shared/schemas.generated';
import { assertNotEmpty, noFieldToUpdate } from '../../../shared/validation';
import { conceptLocator, conceptNotFound, getConceptId } from '../fields';
import { conceptNameRefused, descriptionField, nameField, readConceptFields, tuningFields } from './fields';
import { collection } from '../../../shared/descriptions';

export const toolDescription =
	'Changes the name, description, threshold or regularization. Needs the concept (its ID, a UUID, or its exact name) and the fields to change. Returns the concept as it is now.';

export const option = { name: 'Update', description: 'Update a concept', action: 'Update a concept' };

export const description: INodeProperties[] = [
	conceptLocator(),
	collection('Update Fields', 'updateFields', 'Add Field', [descriptionField, nameField(false), ...tuningFields]),
];

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject> {
	const conceptId = await getConceptId(run, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: UpdateConceptRequest = {};
	if (fields.name !== undefined) body.name = assertNotEmpty.call(this, fields.name, 'Name', itemIndex);
	Object.assign(body, readConceptFields.call(this, fields, itemIndex));
	if (Object.keys(body).length === 0) throw noFieldToUpdate.call(this, itemIndex);
	const notFound = conceptNotFound(conceptId);
	return await run.call('concepts.update', {
		params: { concept_id: conceptId },
		body,
		itemIndex,
		explain: (failure, details) => notFound(failure) ?? conceptNameRefused(failure, details),
	});
}
