import type { INodeProperties } from 'n8n-workflow';

import { nameMode, uuidMode } from '../../shared/descriptions';
import type { Item } from '../../shared/item';
import { listLocator } from '../../shared/node';
import type { NameLookup } from '../../shared/readers';
import { ALL } from '../../shared/run';

/**
 * An enrolled person: "From list" (searchable by name or alias), "By ID", and with `byName` also "By Name" (looked
 * up among the enrolled persons with `resolvePersonId`).
 */
export function personLocator(byName = false): INodeProperties {
	return listLocator(
		{
			displayName: 'Person',
			name: 'personId',
			description: byName
				? 'The enrolled person: from the list, by ID, or by the exact name they are enrolled under'
				: 'The enrolled person to work with',
		},
		'a person',
		'searchPersons',
		[uuidMode('person'), ...(byName ? [nameMode('Ava Marlowe')] : [])],
	);
}

/** Every enrolled person, for By Name (the service filters persons by no name): read once per node run. */
const personsNamed: NameLookup = {
	kind: 'person',
	listsAll: true,
	records: async (run, _name, itemIndex) => await run.list('celebrities.getPersonsInOrg', { itemIndex, limit: ALL }),
};

/** The person of one item: "By Name" is the one person enrolled under that name (the By Name rule of `recordsNamed`). */
export async function resolvePersonId(item: Item): Promise<string> {
	if (!item.byName('personId')) return getPersonId(item);
	return item.uuid(await item.idByName('personId', 'Person', personsNamed), 'Person');
}

export const getPersonId = (item: Item): string => item.locatorUuid('personId', 'Person');
