import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { conceptLocator, conceptNotFound, getConceptId } from '../fields';

export const toolDescription =
	'Gets one concept. Needs the concept (its ID, a UUID, or its exact name). Returns its conceptId, name, datasetId, description and threshold.';

export const option = { name: 'Get', description: 'Get a concept', action: 'Get a concept' };

export const description: INodeProperties[] = [conceptLocator()];

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const conceptId = await getConceptId(item);
	return await run.call('concepts.get', {
		params: { concept_id: conceptId },
		itemIndex,
		explain: conceptNotFound(conceptId),
	});
}
