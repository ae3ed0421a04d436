import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { conceptLocator, conceptRequest } from '../fields';

export const toolDescription =
	'Gets one concept. Needs the concept (its ID, a UUID, or its exact name). Returns its conceptId, name, datasetId, description and threshold.';

export const option = { name: 'Get', description: 'Get a concept', action: 'Get a concept' };

export const description: INodeProperties[] = [conceptLocator()];

export async function execute(_itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	return await run.call('concepts.get', await conceptRequest(item));
}
