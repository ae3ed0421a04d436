import type { INodeProperties } from 'n8n-workflow';

/** Image or video: the `asset_type` of an asset that is updated or deleted. */
export const assetTypeField: INodeProperties = {
	displayName: 'Asset Type',
	name: 'assetType',
	type: 'options',
	options: [
		{ name: 'Image', value: 'image' },
		{ name: 'Video', value: 'video' },
	],
	default: 'image',
};
