import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import { connectionLocator } from '../../../shared/descriptions';
import { getConnectionRef } from '../../../shared/readers';
import { deletedResult } from '../../../shared/deleted';
import { notice } from '../../../shared/node';
import { connectionParams, redactConnection } from './fields';

export const option = { name: 'Delete', description: 'Delete a connection', action: 'Delete a connection' };

export const description: INodeProperties[] = [
	notice(
		'deleteNotice',
		'Deletes the connection for everyone in your organization: ingestions that name it can no longer read its storage',
	),
	connectionLocator({ description: 'The connection to delete' }),
];

export const toolDescription =
	'Deletes a storage connection, for everyone in the organization. Needs the connection (its name or ID). Returns deleted: true and the connection_id.';

/** The service answers with the connection as it was (under `response`), its secrets redacted like everywhere else. */
export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject> {
	const params = connectionParams.call(this, itemIndex);
	const connection = await run.call('connections.deleteConnection', { params, itemIndex });
	const deleted = redactConnection(connection);
	return deletedResult(
		typeof deleted.connection_id === 'string' ? deleted.connection_id : getConnectionRef.call(this, itemIndex),
		deleted,
	);
}
