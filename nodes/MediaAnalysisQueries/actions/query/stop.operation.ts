import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { callEndpoint } from '../../../shared/endpoints';
import { queryLocator, queryParams } from './fields';

const properties: INodeProperties[] = [queryLocator()];

export const description = updateDisplayOptions({ show: { resource: ['query'], operation: ['stop'] } }, properties);

export const toolDescription =
	'Asks a queued or running query to stop (it passes through Stopping to Stopped). Needs the query ID (a UUID). Returns the query with its status.';

/** Ask a queued or running query to stop: it passes through Stopping to Stopped. A finished query cannot be stopped. */
export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await callEndpoint(this, 'queries.stopQuery', { params: queryParams.call(this, itemIndex), itemIndex });
}
