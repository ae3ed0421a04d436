import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Query } from '../../../shared/api';
import { getWaitOptions, waitForCompletionFields } from '../../../shared/descriptions';
import { apiRequest } from '../../../shared/transport';
import { queryLocator, queryPath, waitForQuery } from './fields';

const properties: INodeProperties[] = [
	queryLocator({ description: 'A query that has finished (Complete, Error or Stopped) to run again' }),
	...waitForCompletionFields('query'),
];

export const description = updateDisplayOptions({ show: { resource: ['query'], operation: ['run'] } }, properties);

/** Starts a new run (201, status Queued); a query that is still active is refused by the service. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = queryPath.call(this, itemIndex, '/run');
	const wait = getWaitOptions.call(this, itemIndex);
	const queued = (await apiRequest.call(this, {
		method: 'POST',
		path,
		itemIndex,
		resourceLabel: 'Query',
	})) as unknown as Query;
	return (await waitForQuery.call(this, queued, wait, itemIndex)) as unknown as IDataObject;
}
