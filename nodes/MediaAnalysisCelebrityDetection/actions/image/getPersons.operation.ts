import type { INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { uuidMode } from '../../../shared/descriptions';
import { listLocator } from '../../../shared/node';

export const option = {
	name: 'Get Many Persons',
	description: 'Get the enrolled persons detected in an ingested image',
	action: 'Get many persons in an image',
};

/** A platform image: "From list" offers the images enrolled persons appear in, searchable by person name. */
export const description: INodeProperties[] = [
	listLocator(
		{
			displayName: 'Image',
			name: 'imageId',
			description: 'An image already ingested into a dataset (its platform image ID)',
		},
		'an image',
		'searchPersonImages',
		[uuidMode('image')],
	),
];

/** One output item per image, `{persons: [...]}`, so an image without known persons still yields an item. */
export const toolDescription =
	'Gets the enrolled persons (celebrities) detected in an image already in a dataset. Needs the image ID (a UUID). Returns each person with id, name, aliases and where in the image (bbox).';

export async function execute(itemIndex: number, run: Run, item: Item) {
	const params = { image_id: item.locatorUuid('imageId', 'Image') };
	return await run.call('celebrities.getPersonsInImage', { params, itemIndex });
}
