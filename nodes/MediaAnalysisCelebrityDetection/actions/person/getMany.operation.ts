import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { paginateForItem, returnAllOrLimit } from '../../../shared/descriptions';
import { pagePerPage } from '../../../shared/transport';

const properties: INodeProperties[] = [
	...returnAllOrLimit(),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Sort Direction',
				name: 'sortDirection',
				type: 'options',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				default: 'asc',
			},
			{
				displayName: 'Sort Field',
				name: 'sortField',
				type: 'options',
				options: [
					{ name: 'Created Date', value: 'created_dt' },
					{ name: 'Name', value: 'name' },
					{ name: 'Status', value: 'status' },
				],
				default: 'name',
				description: 'The field persons are ordered by; without it the service chooses the order',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['person'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	if (options.sortField) qs.sort_field = options.sortField;
	if (options.sortDirection) qs.sort_direction = options.sortDirection;
	return await paginateForItem.call(
		this,
		itemIndex,
		{ method: 'GET', path: '/api/v0/celebrity-detection/persons', qs },
		pagePerPage,
	);
}
