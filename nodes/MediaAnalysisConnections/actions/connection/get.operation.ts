import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { connectionLocator } from '../../../shared/descriptions';
import { apiRequest } from '../../../shared/transport';
import { connectionPath, redactConnection } from './fields';

const properties: INodeProperties[] = [connectionLocator()];

export const description = updateDisplayOptions({ show: { resource: ['connection'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const connection = await apiRequest.call(this, {
		method: 'GET',
		path: connectionPath.call(this, itemIndex),
		itemIndex,
		resourceLabel: 'Connection',
	});
	return redactConnection(connection);
}
