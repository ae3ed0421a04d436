import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { queryLocator, queryPath } from './fields';

const properties: INodeProperties[] = [queryLocator()];

export const description = updateDisplayOptions({ show: { resource: ['query'], operation: ['stop'] } }, properties);

/** Ask a queued or running query to stop: it passes through Stopping to Stopped. A finished query cannot be stopped. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await apiRequest.call(this, {
		method: 'POST',
		path: queryPath.call(this, itemIndex, '/stop'),
		// A repeat after a lost answer could meet a query this request already finished, and report a conflict.
		idempotent: false,
		itemIndex,
		resourceLabel: 'Query',
	});
}
