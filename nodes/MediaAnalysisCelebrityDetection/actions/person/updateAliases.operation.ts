import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { UpdatePersonAliasesRequest } from '../../../shared/schemas.generated';
import { splitList } from '../../../shared/validation';
import { getPersonId, personLocator } from '../fields';
import { textField } from '../../../shared/descriptions';

export const option = {
	name: 'Update Aliases',
	description: 'Add, remove or replace the aliases of a person',
	action: 'Update the aliases of a person',
};

export const description: INodeProperties[] = [
	personLocator(),
	{
		displayName: 'Update Mode',
		name: 'aliasesMode',
		type: 'options',
		options: [
			{
				name: 'Add',
				value: 'add',
				description: 'Keep the current aliases and add the ones given (reads the person first)',
			},
			{
				name: 'Remove',
				value: 'remove',
				description: 'Keep the current aliases except the ones given (reads the person first)',
			},
			{
				name: 'Replace',
				value: 'replace',
				description: 'The aliases given become the only ones; an empty list removes every alias',
			},
		],
		default: 'add',
	},
	textField(
		'Aliases',
		'aliases',
		'e.g. The Marlowe, A. Marlowe',
		'Comma-separated aliases, or an expression giving an array (then each element is taken whole, commas included)',
	),
];

const key = (alias: string) => alias.toLowerCase();

/** Trimmed, without empty entries or repeats (ignoring case, as name and alias look-ups do). */
function distinct(aliases: string[]): string[] {
	const seen = new Set<string>();
	return aliases.filter((alias) => !seen.has(key(alias)) && seen.add(key(alias)));
}

export const toolDescription =
	'Adds, removes or replaces the aliases of an enrolled person. Needs the person ID (a UUID) and the aliases. Returns the person with their aliases as they now are.';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const personId = getPersonId(item);
	const mode = item.param<'add' | 'remove' | 'replace'>('aliasesMode', 'add');
	const given = distinct(splitList(item.param('aliases', '')));
	if (given.length === 0 && mode !== 'replace') {
		throw item.invalid(
			'Aliases',
			'it is empty',
			`Enter at least one alias to ${mode}. To remove every alias, choose the Replace mode with no aliases.`,
		);
	}

	let aliases = given;
	if (mode !== 'replace') {
		// Read-modify-write: the service only replaces the whole list.
		const params = { person_id: personId };
		const current = await run.call('celebrities.getPerson', { params, itemIndex });
		const named = new Set(given.map(key));
		aliases =
			mode === 'add'
				? distinct([...current.aliases, ...given])
				: current.aliases.filter((alias) => !named.has(key(alias.trim())));
	}

	const body: UpdatePersonAliasesRequest = { person_id: personId, aliases };
	return await run.call('celebrities.updatePersonAliases', { body, itemIndex });
}
