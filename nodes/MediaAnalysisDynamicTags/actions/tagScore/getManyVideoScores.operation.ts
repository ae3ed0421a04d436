import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { paginateForItem, returnAllOrLimit } from '../../../shared/descriptions';
import { listEndpoint } from '../../../shared/endpoints';
import { aggregationLocator, getId, groupLocator, scoresNotFound, tagLocator } from './fields';

const properties: INodeProperties[] = [
	groupLocator,
	tagLocator,
	aggregationLocator,
	...returnAllOrLimit(),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Sort Order',
				name: 'sortOrder',
				type: 'options',
				options: [
					{ name: 'Highest Score First', value: 'desc' },
					{ name: 'Lowest Score First', value: 'asc' },
				],
				default: 'desc',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['tagScore'], operation: ['getManyVideoScores'] } }, properties);

/** The videos a saved aggregation scored for a tag, one item each (page/per_page, has_next_page). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const groupId = getId.call(this, 'groupId', itemIndex);
	const tagId = getId.call(this, 'tagId', itemIndex);
	const aggregationId = getId.call(this, 'aggregationId', itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const list = listEndpoint('get-video-scores-result', {
		params: { group_id: groupId, tag_id: tagId, aggregation_id: aggregationId },
		qs: options.sortOrder ? { sort_order: options.sortOrder } : {},
		explain: scoresNotFound('tag group, tag or aggregation'),
	});
	return await paginateForItem.call(this, itemIndex, ...list);
}
