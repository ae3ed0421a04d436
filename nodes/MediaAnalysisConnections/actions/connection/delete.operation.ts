import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { connectionLocator } from '../../../shared/descriptions';
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
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const params = connectionParams(item);
	const deleted = redactConnection(await run.call('connections.deleteConnection', { params, itemIndex }));
	const id = typeof deleted.connection_id === 'string' ? deleted.connection_id : params.connection_name_or_id;
	return deletedResult(id, deleted);
}
