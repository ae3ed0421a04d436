import type { INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { getPersonId, personLocator } from '../fields';

export const option = { name: 'Get', description: 'Get an enrolled person', action: 'Get a person' };

export const description: INodeProperties[] = [personLocator()];

export const toolDescription =
	'Gets one person enrolled for celebrity detection: id, name, aliases, status and the images enrolled. Needs the person ID (a UUID).';

export async function execute(itemIndex: number, run: Run, item: Item) {
	const params = { person_id: getPersonId(item) };
	return await run.call('celebrities.getPerson', { params, itemIndex });
}
