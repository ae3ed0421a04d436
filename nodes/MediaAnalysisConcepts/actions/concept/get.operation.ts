import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { conceptLocator, conceptNotFound, getConceptId } from '../fields';

const properties: INodeProperties[] = [conceptLocator()];

export const description = updateDisplayOptions({ show: { resource: ['concept'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const conceptId = getConceptId.call(this, itemIndex);
	return await apiRequest.call(this, {
		method: 'GET',
		path: `/api/v1/concepts/${conceptId}`,
		itemIndex,
		explain: conceptNotFound(conceptId),
	});
}
