import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { callEndpoint } from '../../../shared/endpoints';
import { queryLocator, queryParams } from './fields';

const properties: INodeProperties[] = [queryLocator()];

export const description = updateDisplayOptions({ show: { resource: ['query'], operation: ['cancel'] } }, properties);

export const toolDescription =
	'Cancels a queued or running query at once (it becomes Stopped). Needs the query ID (a UUID). Returns the query with its status.';

/** Cancel a queued, running or stopping query: it is Stopped at once. A finished query cannot be cancelled. */
export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await callEndpoint(this, 'queries.cancelQuery', { params: queryParams.call(this, itemIndex), itemIndex });
}
