import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { UpdateConnectionRequest } from '../../../shared/schemas.generated';
import { collection, connectionLocator, textField } from '../../../shared/descriptions';
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

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const params = connectionParams(item);
	const fields = item.options('updateFields');
	const name = fields.name !== undefined ? item.connectionName(fields.name, 'Name') : undefined;
	if (name === undefined && fields.description === undefined) throw item.noFieldToUpdate();
	// The service requires `name` in every update: keep the current one when only the description changes.
	const current = name ?? (await run.call('connections.getConnection', { params, itemIndex })).name;
	const body: UpdateConnectionRequest = { name: current };
	if (fields.description !== undefined) body.description = String(fields.description).trim() || null;
	const connection = await run.call('connections.updateConnection', { params, body, itemIndex });
	return redactConnection(connection);
}
