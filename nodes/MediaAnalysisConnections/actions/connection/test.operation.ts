import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { TestConnectionRequest } from '../../../shared/schemas.generated';
import { booleanField, connectionLocator, textField } from '../../../shared/descriptions';
import { connectionParams, redactConnection } from './fields';

export const option = {
	name: 'Test',
	description: 'Check that the service can reach the storage',
	action: 'Test a connection',
};

export const description: INodeProperties[] = [
	connectionLocator(),
	textField('Location', 'location', 'e.g. /images/', 'Where in the storage to test reading', { default: '/' }),
	booleanField(
		'Update Status',
		'updateState',
		"Whether to store the outcome as the connection's status. Off: a dry run that changes nothing.",
		true,
	),
];

export const toolDescription =
	'Checks that the service can read a storage connection at a location, and by default stores the outcome as its status. Needs the connection (its name or ID). Returns the connection with its status: ready or error.';

/** The answer is the connection with the status the test found (ready or error). */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const body: TestConnectionRequest = {
		location: item.param('location', '/').trim() || '/',
		update_state: item.param('updateState', true),
	};
	const params = connectionParams(item);
	const connection = await run.call('connections.testConnection', { params, body, itemIndex });
	return redactConnection(connection);
}
