import type { INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';
import type { MetadataType } from '../../../shared/schemas.generated';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { withinLimit } from '../../../shared/readers';
import { termTypeField } from './fields';

export const option = {
	name: 'Get Many',
	description: 'List the vocabulary terms of one type',
	action: 'Get many vocabulary terms',
};

export const description: INodeProperties[] = [
	{ ...termTypeField, description: 'The kind of terms to list' },
	...returnAllOrLimit(undefined, { toolLimit: true }),
];

export const toolDescription =
	'Lists the vocabulary terms of one type (genre, mood, subject or format), oldest first, up to the Limit. Returns each term with its ID, name, description and examples.';

/** The terms of one type, one item each, oldest first. The service answers in one page; Return All / Limit keep what the node outputs. */
export async function execute(itemIndex: number, run: Run, item: Item) {
	const page = item.pageLimit();
	const response = await run.call('videoInsights.getMetadata', {
		qs: { metadata_type: item.param<MetadataType>('termType') },
		itemIndex,
	});
	return withinLimit(response.items, page);
}
