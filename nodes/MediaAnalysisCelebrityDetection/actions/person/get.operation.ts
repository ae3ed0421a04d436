import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import { getPersonId, personLocator } from '../fields';

export const option = { name: 'Get', description: 'Get an enrolled person', action: 'Get a person' };

export const description: INodeProperties[] = [personLocator()];

export const toolDescription =
	'Gets one person enrolled for celebrity detection: id, name, aliases, status and the images enrolled. Needs the person ID (a UUID).';

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run) {
	const params = { person_id: getPersonId.call(this, itemIndex) };
	return await run.call('celebrities.getPerson', { params, itemIndex });
}
