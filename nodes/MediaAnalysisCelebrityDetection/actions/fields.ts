import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { uuidMode } from '../../shared/descriptions';
import { assertNotEmpty, assertUuid } from '../../shared/validation';

/**
 * An enrolled person: "From list" (searchable by name or alias), "By ID", and with `byName` also "By Name" (the
 * faces endpoint accepts a person's name instead of the ID).
 */
export function personLocator(byName = false): INodeProperties {
	const locator: INodeProperties = {
		displayName: 'Person',
		name: 'personId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: byName
			? 'The enrolled person: from the list, by ID, or by the exact name they are enrolled under'
			: 'The enrolled person to work with',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a person...',
				typeOptions: { searchListMethod: 'searchPersons', searchable: true },
			},
			uuidMode('person'),
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. Ava Marlowe',
			},
		],
	};
	if (!byName) locator.modes = locator.modes?.filter((mode) => mode.name !== 'name');
	return locator;
}

/** The person of one item, checked before anything is sent: `{id}` or, in "By Name" mode, `{name}`. */
export function getPerson(this: IExecuteFunctions, itemIndex: number): { id: string } | { name: string } {
	const locator = this.getNodeParameter('personId', itemIndex, {}) as IDataObject;
	if (locator.mode === 'name') return { name: assertNotEmpty.call(this, locator.value, 'Person', itemIndex) };
	return { id: assertUuid.call(this, locator.value, 'Person', itemIndex) };
}

export function getPersonId(this: IExecuteFunctions, itemIndex: number): string {
	const value = this.getNodeParameter('personId', itemIndex, '', { extractValue: true });
	return assertUuid.call(this, value, 'Person', itemIndex);
}
