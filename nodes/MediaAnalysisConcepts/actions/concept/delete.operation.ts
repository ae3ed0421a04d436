import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { deletedResult } from '../../../shared/deleted';
import { conceptLocator, conceptRequest } from '../fields';

export const toolDescription =
	'Deletes a concept and its labels; this cannot be undone. Needs the concept (its ID, a UUID, or its exact name). Returns deleted: true and the concept ID.';

export const option = { name: 'Delete', description: 'Delete a concept and its labels', action: 'Delete a concept' };

export const description: INodeProperties[] = [
	conceptLocator({ description: 'The concept to delete, with its labels' }),
];

/** The service answers any JSON; it is kept under `response`. */
export async function execute(_itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const request = await conceptRequest(item);
	return deletedResult(request.params.concept_id, await run.call('concepts.delete', request));
}
