import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { callEndpoint } from '../../../shared/endpoints';
import { queryLocator, queryParams } from './fields';

const properties: INodeProperties[] = [queryLocator({ description: 'The query to delete' })];

export const description = updateDisplayOptions({ show: { resource: ['query'], operation: ['delete'] } }, properties);

/** The service answers with the query as it was. */
export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await callEndpoint(this, 'delete-query-api-v-1-queries-query-id-delete', { params: queryParams.call(this, itemIndex), itemIndex });
}
