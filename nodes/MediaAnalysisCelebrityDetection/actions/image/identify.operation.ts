import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { IdentifyCelebritiesRequest } from '../../../shared/api';
import { apiRequest } from '../../../shared/transport';
import { assertImageUrl, downloadImage, readBinaryImage } from './imageInput';

const properties: INodeProperties[] = [
	{
		displayName: 'Image Source',
		name: 'imageSource',
		type: 'options',
		options: [
			{ name: 'Binary File', value: 'binary', description: 'A file from a previous node, such as Read/Write Files or HTTP Request' },
			{ name: 'URL', value: 'url', description: 'Download the image from an address, then send its content' },
		],
		default: 'binary',
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: { show: { imageSource: ['binary'] } },
		placeholder: 'e.g. data',
		hint: 'The name of the input binary field holding the JPEG image (at most 15 MB)',
	},
	{
		displayName: 'Image URL',
		name: 'imageUrl',
		type: 'string',
		default: '',
		required: true,
		displayOptions: { show: { imageSource: ['url'] } },
		placeholder: 'e.g. https://example.com/photo.jpg',
		description: 'Address of a JPEG image (at most 15 MB) that n8n can download',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['image'], operation: ['identify'] } }, properties);

/**
 * The service takes the image itself, base64 in a JSON body on a GET (it has no URL field), so a URL is
 * downloaded here first. The transport keeps the GET body (see docs/architecture.md, "GET with a body").
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const source = this.getNodeParameter('imageSource', itemIndex, 'binary') as 'binary' | 'url';
	const image =
		source === 'url'
			? await downloadImage.call(this, assertImageUrl.call(this, this.getNodeParameter('imageUrl', itemIndex, ''), itemIndex), itemIndex)
			: await readBinaryImage.call(this, itemIndex, (this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string).trim());
	const body: IdentifyCelebritiesRequest = { image: image.toString('base64') };
	return await apiRequest.call(this, {
		method: 'GET',
		path: '/api/v0/celebrity-detection/identify',
		body,
		itemIndex,
	});
}
