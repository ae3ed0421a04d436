import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import { uuidMode } from '../../../shared/descriptions';
import type { Item } from '../../../shared/item';
import { waitForCompletionNotice } from '../fields';
import { assetTypeField } from './fields';

export const option = {
	name: 'Get Status',
	description:
		'Get the ingestion status of one image or video by its platform ID: status, error code and latest event. To follow a whole job, use Job → Get Many Asset Statuses.',
	action: 'Get the ingestion status of an asset',
};

/** By ID only: the service lists assets only per dataset, so there is no list to pick from here. */
const assetLocator: INodeProperties = {
	displayName: 'Asset',
	name: 'asset',
	type: 'resourceLocator',
	default: { mode: 'id', value: '' },
	required: true,
	description: 'The platform ID of the asset, as ingestion and the status lists return it',
	modes: [uuidMode('asset')],
};

export const description: INodeProperties[] = [waitForCompletionNotice, assetTypeField, assetLocator];

export const toolDescription =
	'Gets the ingestion status of one image or video by its asset ID (a UUID): status, error_code and error_reason, and its latest ingestion event. Needs the asset ID and whether it is an image or a video.';

const BY_KIND = {
	image: { endpoint: 'ingestion.getImageAssetStatus', other: 'a video', title: 'Video' },
	video: { endpoint: 'ingestion.getVideoAssetStatus', other: 'an image', title: 'Image' },
} as const;

/** One image's or video's ingestion status: status, error code and reason, latest event. */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const kind = item.param<'image' | 'video'>('assetType', 'image');
	const assetId = item.locatorUuid('asset', 'Asset');
	const { endpoint, other, title } = BY_KIND[kind];
	const { data } = await run.call(endpoint, { params: { asset_id: assetId }, itemIndex });
	// The table lets `data` be a status or none (absent, or the document's empty list).
	if (data === undefined || Array.isArray(data)) {
		throw new NodeOperationError(item.context.getNode(), `No ingestion status for ${kind} ${assetId}`, {
			description: `No ${kind} with this ID was ingested, or it was deleted. If it is ${other}, set Asset Type to ${title}.`,
			itemIndex,
		});
	}
	return data as IDataObject;
}
