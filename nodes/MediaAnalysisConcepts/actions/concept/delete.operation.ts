import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedResult } from '../../../shared/deleted';
import { apiRequest } from '../../../shared/transport';
import { conceptLocator, conceptNotFound, getConceptId } from '../fields';

const properties: INodeProperties[] = [
	conceptLocator({ description: 'The concept to delete, with its labels' }),
];

export const description = updateDisplayOptions({ show: { resource: ['concept'], operation: ['delete'] } }, properties);

/** The service answers any JSON; it is kept under `response`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const conceptId = getConceptId.call(this, itemIndex);
	const response = await apiRequest.call(this, {
		method: 'DELETE',
		path: `/api/v1/concepts/${conceptId}`,
		// A repeat after a lost answer would report 404 for a concept this request just deleted.
		idempotent: false,
		itemIndex,
		explain: conceptNotFound(conceptId),
	});
	return deletedResult(conceptId, response);
}
