import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { callEndpoint } from '../../../shared/endpoints';
import { queryLocator, queryParams } from './fields';

const properties: INodeProperties[] = [queryLocator()];

export const description = updateDisplayOptions({ show: { resource: ['query'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await callEndpoint(this, 'get-query-api-v-1-queries-query-id-get', { params: queryParams.call(this, itemIndex), itemIndex });
}
