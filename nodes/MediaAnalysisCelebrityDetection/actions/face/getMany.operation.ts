import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { withinLimit } from '../../../shared/readers';
import { personLocator, resolvePersonId } from '../fields';

export const option = {
	name: 'Get Many',
	description: 'List the faces detected of a person in ingested images',
	action: 'Get many faces of a person',
};

export const description: INodeProperties[] = [
	personLocator(true),
	...returnAllOrLimit(undefined, { toolLimit: true }),
];

export const toolDescription =
	'Lists the faces of one enrolled person detected in ingested images, up to the Limit. Needs the person: their ID (a UUID) or enrolled name. Returns each face with its image_id, dataset_id, bbox and confidence.';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const page = item.pageLimit();
	const qs = { person_id: await resolvePersonId(item) };
	const response = await run.call('celebrities.getFacesWithPerson', { qs, itemIndex });
	// The service answers every face at once; Limit trims the list here.
	return withinLimit(response.faces, page);
}
