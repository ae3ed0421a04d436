import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { collection, returnAllOrLimit } from '../../../shared/descriptions';
import { conceptLocator, conceptRequest } from '../fields';

export const toolDescription =
	'Lists the labels of a concept (the images and video frames marked as showing it or not), up to the Limit. Needs the concept (its ID, a UUID, or its exact name). Returns each label with its image or keyframe.';

export const option = {
	name: 'Get Many',
	description: 'List the labels of a concept',
	action: 'Get many labels of a concept',
};

export const description: INodeProperties[] = [
	conceptLocator(),
	...returnAllOrLimit(undefined, { toolLimit: true }),
	collection('Filters', 'filters', 'Add Filter', [
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
	]),
];

export async function execute(_itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const request = await conceptRequest(item);
	const include = (item.options('filters').labelsToInclude as string[] | undefined) ?? [];
	return await run.list('concepts.getLabels', {
		...request,
		qs: include.length ? { labels_to_include: include } : {},
		limit: 'parameters',
	});
}
