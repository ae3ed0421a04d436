import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { assetLocator, getAssetStatus } from '../../helpers/assetStatus';

export const description = updateDisplayOptions(
	{ show: { resource: ['asset'], operation: ['getImageStatus'] } },
	[assetLocator('image')],
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getAssetStatus.call(this, 'image', itemIndex);
}
