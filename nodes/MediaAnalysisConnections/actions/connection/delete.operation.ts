import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { connectionLocator, getConnectionRef } from '../../../shared/descriptions';
import { deletedResult } from '../../../shared/deleted';
import { apiRequest } from '../../../shared/transport';
import { connectionPath, redactConnection } from './fields';

const properties: INodeProperties[] = [connectionLocator({ description: 'The connection to delete' })];

export const description = updateDisplayOptions({ show: { resource: ['connection'], operation: ['delete'] } }, properties);

/** The service answers with the connection as it was (under `response`), its secrets redacted like everywhere else. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const connection = await apiRequest.call(this, {
		method: 'DELETE',
		path: connectionPath.call(this, itemIndex),
		// A repeat after a lost answer would report 404 for a connection this request just deleted.
		idempotent: false,
		itemIndex,
		resourceLabel: 'Connection',
	});
	const deleted = redactConnection(connection);
	return deletedResult(typeof deleted.connection_id === 'string' ? deleted.connection_id : getConnectionRef.call(this, itemIndex), deleted);
}
