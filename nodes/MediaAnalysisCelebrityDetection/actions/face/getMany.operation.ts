import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { getPageLimit, withinLimit } from '../../../shared/readers';
import { callEndpoint } from '../../../shared/endpoints';
import { getPerson, personLocator } from '../fields';
import { TOOLS_VERSION } from '../versions';

const properties: INodeProperties[] = [personLocator(true), ...returnAllOrLimit(undefined, { toolsFrom: TOOLS_VERSION })];

export const description = updateDisplayOptions({ show: { resource: ['face'], operation: ['getMany'] } }, properties);

export const toolDescription =
	'Lists the faces of one enrolled person detected in ingested images, up to the Limit. Needs the person: their ID (a UUID) or enrolled name. Returns each face with its image_id, dataset_id, bbox and confidence.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const person = getPerson.call(this, itemIndex);
	const page = getPageLimit.call(this, itemIndex);
	const response = await callEndpoint(this, 'celebrities.getFacesWithPerson', {
		qs: 'id' in person ? { person_id: person.id } : { person_name: person.name },
		itemIndex,
		explain: (failure) =>
			failure.status === 404 && 'name' in person
				? {
						message: `Person not found: nobody is enrolled under the name "${person.name}"`,
						description:
							'The name must be the enrolled name of the person, not an alias. Choose the person From List, or find the ID with Person → Get Many by Names or Aliases.',
					}
				: undefined,
	});
	// The service answers every face at once; Limit trims the list here.
	return withinLimit(response.faces, page);
}
