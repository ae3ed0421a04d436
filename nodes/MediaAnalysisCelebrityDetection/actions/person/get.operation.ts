import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { getPersonId, personLocator } from '../fields';

const properties: INodeProperties[] = [personLocator()];

export const description = updateDisplayOptions({ show: { resource: ['person'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const personId = getPersonId.call(this, itemIndex);
	return await apiRequest.call(this, {
		method: 'GET',
		path: `/api/v0/celebrity-detection/person/${personId}`,
		itemIndex,
		resourceLabel: 'Person',
	});
}
