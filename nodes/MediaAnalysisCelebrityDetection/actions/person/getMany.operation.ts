import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { paginateForItem, returnAllOrLimit } from '../../../shared/descriptions';
import { listEndpoint } from '../../../shared/endpoints';
import { sortCollection, sortQuery } from '../../../shared/sort';

const properties: INodeProperties[] = [
	...returnAllOrLimit(),
	sortCollection(
		[
			{ name: 'Created Date', value: 'created_dt' },
			{ name: 'Name', value: 'name' },
			{ name: 'Status', value: 'status' },
		],
		'name',
		'persons (without it the service chooses the order)',
	),
];

export const description = updateDisplayOptions({ show: { resource: ['person'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const list = listEndpoint('get-persons-in-org-api-v-0-celebrity-detection-persons-get', { qs: sortQuery.call(this, itemIndex) });
	return await paginateForItem.call(this, itemIndex, ...list);
}
