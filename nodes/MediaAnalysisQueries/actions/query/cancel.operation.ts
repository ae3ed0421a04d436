import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { queryLocator, queryPath } from './fields';

const properties: INodeProperties[] = [queryLocator()];

export const description = updateDisplayOptions({ show: { resource: ['query'], operation: ['cancel'] } }, properties);

/** Cancel a queued, running or stopping query: it is Stopped at once. A finished query cannot be cancelled. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await apiRequest.call(this, {
		method: 'POST',
		path: queryPath.call(this, itemIndex, '/cancel'),
		// A repeat after a lost answer could meet a query this request already finished, and report a conflict.
		idempotent: false,
		itemIndex,
		resourceLabel: 'Query',
	});
}
