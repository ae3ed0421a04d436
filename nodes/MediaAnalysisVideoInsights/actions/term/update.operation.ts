import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import { type RequestOf } from '../../../shared/endpoints';
import { assertNotEmpty, noFieldToUpdate } from '../../../shared/validation';
import {
	descriptionField,
	examplesField,
	nameField,
	explainTerm,
	readExamples,
	termLocator,
	termParams,
} from './fields';
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

type UpdateBody = RequestOf<'videoInsights.updateMetadata'>;

/** Changes the fields added (the others stay as they are); the output is the term as it is now. */
export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run) {
	const params = termParams.call(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: UpdateBody = {};
	if (fields.name !== undefined) body.name = assertNotEmpty.call(this, fields.name, 'Name', itemIndex);
	if (fields.description !== undefined)
		body.description = assertNotEmpty.call(this, fields.description, 'Description', itemIndex);
	if (fields.examples !== undefined) body.examples = readExamples.call(this, fields.examples, itemIndex);
	if (Object.keys(body).length === 0)
		throw noFieldToUpdate.call(this, itemIndex, 'Add Name, Description or Examples under Update Fields.');
	const response = await run.call('videoInsights.updateMetadata', {
		params,
		body,
		itemIndex,
		explain: explainTerm(params.metadata_id),
	});
	return response.item;
}
