import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { paginateForItem, returnAllOrLimit } from '../../../shared/descriptions';
import { listEndpoint } from '../../../shared/endpoints';
import { conceptLocator, conceptNotFound, getConceptId } from '../fields';

const properties: INodeProperties[] = [
	conceptLocator(),
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Labels to Include',
				name: 'labelsToInclude',
				type: 'multiOptions',
				options: [
					{ name: 'Negative', value: 'negative' },
					{ name: 'Positive', value: 'positive' },
				],
				default: [],
				description: 'Return only labels of these kinds; none chosen returns all',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['label'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const conceptId = await getConceptId.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const include = (filters.labelsToInclude as string[] | undefined) ?? [];
	const list = listEndpoint('get-labels', {
		params: { concept_id: conceptId },
		qs: include.length ? { labels_to_include: include } : {},
		explain: conceptNotFound(conceptId),
	});
	return await paginateForItem.call(this, itemIndex, ...list);
}
