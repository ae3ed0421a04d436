import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ConnectionTestRequest } from '../../../shared/api';
import { connectionLocator } from '../../../shared/descriptions';
import { apiRequest } from '../../../shared/transport';
import { connectionPath, redactConnection } from './fields';

const properties: INodeProperties[] = [
	connectionLocator(),
	{
		displayName: 'Location',
		name: 'location',
		type: 'string',
		default: '/',
		placeholder: 'e.g. /images/',
		description: 'Where in the storage to test reading',
	},
	{
		displayName: 'Update Status',
		name: 'updateState',
		type: 'boolean',
		default: true,
		description: 'Whether to store the outcome as the connection\'s status. Off: a dry run that changes nothing.',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['connection'], operation: ['test'] } }, properties);

/** The answer is the connection with the status the test found (ready or error). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body: ConnectionTestRequest = {
		location: (this.getNodeParameter('location', itemIndex, '/') as string).trim() || '/',
		update_state: this.getNodeParameter('updateState', itemIndex, true) as boolean,
	};
	const connection = await apiRequest.call(this, {
		method: 'POST',
		path: connectionPath.call(this, itemIndex, '/test'),
		body: body as IDataObject,
		// Testing changes nothing but the status it reports, so a repeat is harmless.
		idempotent: true,
		itemIndex,
		resourceLabel: 'Connection',
	});
	return redactConnection(connection);
}
