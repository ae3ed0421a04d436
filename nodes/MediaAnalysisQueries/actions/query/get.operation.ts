import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { queryLocator, queryPath } from './fields';

const properties: INodeProperties[] = [queryLocator()];

export const description = updateDisplayOptions({ show: { resource: ['query'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await apiRequest.call(this, { method: 'GET', path: queryPath.call(this, itemIndex), itemIndex, resourceLabel: 'Query' });
}
