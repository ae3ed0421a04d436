import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { assetLocator, getAssetStatus } from '../../helpers/assetStatus';

export const description = updateDisplayOptions(
	{ show: { resource: ['asset'], operation: ['getVideoStatus'] } },
	[assetLocator('video')],
);

export const toolDescription =
	'Gets the ingestion status of one video by its asset ID (a UUID): status, error_code and error_reason, and its latest ingestion event. Needs the asset ID.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getAssetStatus.call(this, 'video', itemIndex);
}
