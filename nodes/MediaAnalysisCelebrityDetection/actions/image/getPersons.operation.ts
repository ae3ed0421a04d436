import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { getImageId, imageLocator } from '../fields';

const properties: INodeProperties[] = [imageLocator];

export const description = updateDisplayOptions({ show: { resource: ['image'], operation: ['getPersons'] } }, properties);

/** One output item per image, `{persons: [...]}`, so an image without known persons still yields an item. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const imageId = getImageId.call(this, itemIndex);
	return await apiRequest.call(this, {
		method: 'GET',
		path: `/api/v0/celebrity-detection/persons-in-image/${imageId}`,
		itemIndex,
		resourceLabel: 'Image',
	});
}
