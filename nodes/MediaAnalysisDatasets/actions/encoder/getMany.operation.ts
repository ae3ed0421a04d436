import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { EncoderDescription } from '../../../shared/api';
import { getPageLimit, returnAllOrLimit } from '../../../shared/descriptions';
import { apiRequest } from '../../../shared/transport';

const properties: INodeProperties[] = [...returnAllOrLimit()];

export const description = updateDisplayOptions({ show: { resource: ['encoder'], operation: ['getMany'] } }, properties);

/** The service answers the whole list at once; Limit trims it here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { returnAll, limit } = getPageLimit.call(this, itemIndex);
	const encoders = (await apiRequest.call(this, {
		method: 'GET',
		path: '/api/v1/encoders',
		itemIndex,
	})) as unknown as EncoderDescription[];
	const list = Array.isArray(encoders) ? (encoders as unknown as IDataObject[]) : [];
	return returnAll ? list : list.slice(0, limit);
}
