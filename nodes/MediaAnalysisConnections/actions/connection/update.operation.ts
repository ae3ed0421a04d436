import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import type { UpdateConnectionRequest } from '../../../shared/schemas.generated';
import { collection, connectionLocator, textField } from '../../../shared/descriptions';
import { assertConnectionName, noFieldToUpdate } from '../../../shared/validation';
import { connectionParams, redactConnection } from './fields';

export const option = {
	name: 'Update',
	description: 'Rename a connection or change its description',
	action: 'Update a connection',
};

export const description: INodeProperties[] = [
	connectionLocator(),
	collection('Update Fields', 'updateFields', 'Add Field', [
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			default: '',
			description: 'The new description; empty clears it',
		},
		textField(
			'Name',
			'name',
			'e.g. product_bucket',
			'The new name: 3 to 255 lowercase letters, digits and underscores',
		),
	]),
];

export const toolDescription =
	'Renames a storage connection or changes its description. Needs the connection (its name or ID) and the new name or description. Returns the connection as it now is.';

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject> {
	const params = connectionParams.call(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const name = fields.name !== undefined ? assertConnectionName.call(this, fields.name, 'Name', itemIndex) : undefined;
	if (name === undefined && fields.description === undefined) throw noFieldToUpdate.call(this, itemIndex);
	// The service requires `name` in every update: keep the current one when only the description changes.
	const current = name ?? (await run.call('connections.getConnection', { params, itemIndex })).name;
	const body: UpdateConnectionRequest = { name: current };
	if (fields.description !== undefined) {
		const text = String(fields.description).trim();
		body.description = text === '' ? null : text;
	}
	const connection = await run.call('connections.updateConnection', { params, body, itemIndex });
	return redactConnection(connection);
}
