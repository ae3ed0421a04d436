import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { callEndpoint } from '../../../shared/endpoints';
import { getImageId, imageLocator } from '../fields';

const properties: INodeProperties[] = [imageLocator];

export const description = updateDisplayOptions({ show: { resource: ['image'], operation: ['getPersons'] } }, properties);

/** One output item per image, `{persons: [...]}`, so an image without known persons still yields an item. */
export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const params = { image_id: getImageId.call(this, itemIndex) };
	return await callEndpoint(this, 'get-persons-in-image-api-v-0-celebrity-detection-persons-in-image-image-id-get', { params, itemIndex });
}
