import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import { assetLocator, getAssetStatus } from '../../helpers/assetStatus';
import { waitForCompletionNotice } from '../fields';
import { assetTypeField } from './fields';

export const option = {
	name: 'Get Status',
	description:
		'Get the ingestion status of one image or video by its platform ID: status, error code and latest event. To follow a whole job, use Job → Get Many Asset Statuses.',
	action: 'Get the ingestion status of an asset',
};

export const description: INodeProperties[] = [waitForCompletionNotice, assetTypeField, assetLocator];

export const toolDescription =
	'Gets the ingestion status of one image or video by its asset ID (a UUID): status, error_code and error_reason, and its latest ingestion event. Needs the asset ID and whether it is an image or a video.';

/** One image's or video's ingestion status: status, error code and reason, latest event. */
export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject> {
	const kind = this.getNodeParameter('assetType', itemIndex, 'image') as 'image' | 'video';
	return await getAssetStatus.call(this, run, kind, itemIndex);
}
