import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { connectionLocator } from '../../../shared/descriptions';
import { connectionParams, redactConnection } from './fields';

export const option = { name: 'Get', description: 'Get a connection by name or ID', action: 'Get a connection' };

export const description: INodeProperties[] = [connectionLocator()];

export const toolDescription =
	'Gets one storage connection: its connection_id, name, type, status and settings, secrets left out. Needs the connection (its name or ID).';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const params = connectionParams(item);
	const connection = await run.call('connections.getConnection', { params, itemIndex });
	return redactConnection(connection);
}
