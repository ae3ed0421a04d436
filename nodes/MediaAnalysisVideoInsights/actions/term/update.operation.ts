import type { INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { type RequestOf } from '../../../shared/endpoints';
import { descriptionField, examplesField, nameField, readExamples, termLocator, termRequest } from './fields';
import { collection } from '../../../shared/descriptions';

export const option = {
	name: 'Update',
	description: 'Change the name, description or examples of a term',
	action: 'Update a vocabulary term',
};

export const description: INodeProperties[] = [
	termLocator,
	collection('Update Fields', 'updateFields', 'Add Field', [
		descriptionField(false),
		{ ...examplesField, description: 'Replaces every example of the term; one per entry' },
		nameField(false),
	]),
];

export const toolDescription =
	'Changes the name, description or examples of a vocabulary term (the others stay). Needs the term ID (a UUID, as Get Many returns it) and at least one of them. Returns the term as it is now.';

/** Changes the fields added (the others stay as they are); the output is the term as it is now. */
export async function execute(_itemIndex: number, run: Run, item: Item) {
	const request = termRequest(item);
	const fields = item.options('updateFields');
	const body: RequestOf<'videoInsights.updateMetadata'> = {};
	if (fields.name !== undefined) body.name = item.notEmpty(fields.name, 'Name');
	if (fields.description !== undefined) body.description = item.notEmpty(fields.description, 'Description');
	if (fields.examples !== undefined) body.examples = readExamples(item, fields.examples);
	if (Object.keys(body).length === 0)
		throw item.noFieldToUpdate('Add Name, Description or Examples under Update Fields.');
	const response = await run.call('videoInsights.updateMetadata', { ...request, body });
	return response.item;
}
