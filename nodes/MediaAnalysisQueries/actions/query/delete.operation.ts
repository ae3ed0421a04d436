import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { queryLocator, queryPath } from './fields';

const properties: INodeProperties[] = [queryLocator({ description: 'The query to delete' })];

export const description = updateDisplayOptions({ show: { resource: ['query'], operation: ['delete'] } }, properties);

/** The service answers with the query as it was. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await apiRequest.call(this, {
		method: 'DELETE',
		path: queryPath.call(this, itemIndex),
		// A repeat after a lost answer would report 404 for a query this request just deleted.
		idempotent: false,
		itemIndex,
		resourceLabel: 'Query',
	});
}
