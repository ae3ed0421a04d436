import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { Run } from '../../shared/run';

import { uuidMode } from '../../shared/descriptions';
import { locatorUuid } from '../../shared/readers';

type Kind = 'image' | 'video';
const TITLE: Record<Kind, string> = { image: 'Image', video: 'Video' };
const STATUS = {
	image: 'ingestion.getImageAssetStatus',
	video: 'ingestion.getVideoAssetStatus',
} as const;

/** By ID only: the service lists assets only per dataset, so there is no list to pick from here. */
export const assetLocator: INodeProperties = {
	displayName: 'Asset',
	name: 'asset',
	type: 'resourceLocator',
	default: { mode: 'id', value: '' },
	required: true,
	description: 'The platform ID of the asset, as ingestion and the status lists return it',
	modes: [uuidMode('asset')],
};

export async function getAssetStatus(
	this: IExecuteFunctions,
	run: Run,
	kind: Kind,
	itemIndex: number,
): Promise<IDataObject> {
	const assetId = locatorUuid.call(this, itemIndex, 'asset', 'Asset');
	const { data } = await run.call(STATUS[kind], { params: { asset_id: assetId }, itemIndex });
	// The table lets `data` be a status or none (absent, or the document's empty list).
	if (data === undefined || Array.isArray(data)) {
		const other = kind === 'image' ? 'video' : 'image';
		throw new NodeOperationError(this.getNode(), `No ingestion status for ${kind} ${assetId}`, {
			description: `No ${kind} with this ID was ingested, or it was deleted. If it is ${other === 'image' ? 'an' : 'a'} ${other}, set Asset Type to ${TITLE[other]}.`,
			itemIndex,
		});
	}
	return data as IDataObject;
}
