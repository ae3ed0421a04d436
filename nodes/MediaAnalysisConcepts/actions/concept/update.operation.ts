import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { UpdateConceptRequest } from '../../../shared/schemas.generated';
import { conceptLocator, conceptRequest } from '../fields';
import { conceptNameRefused, descriptionField, nameField, readConceptFields, tuningFields } from './fields';
import { collection } from '../../../shared/descriptions';

export const toolDescription =
	'Changes the name, description, threshold or regularization. Needs the concept (its ID, a UUID, or its exact name) and the fields to change. Returns the concept as it is now.';

export const option = { name: 'Update', description: 'Update a concept', action: 'Update a concept' };

export const description: INodeProperties[] = [
	conceptLocator(),
	collection('Update Fields', 'updateFields', 'Add Field', [descriptionField, nameField(false), ...tuningFields]),
];

export async function execute(_itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const request = await conceptRequest(item);
	const fields = item.options('updateFields');
	const body: UpdateConceptRequest = {};
	if (fields.name !== undefined) body.name = item.notEmpty(fields.name, 'Name');
	Object.assign(body, readConceptFields(item, fields));
	if (Object.keys(body).length === 0) throw item.noFieldToUpdate();
	return await run.call('concepts.update', {
		...request,
		body,
		explain: (failure, details) => request.explain(failure) ?? conceptNameRefused(failure, details),
	});
}
