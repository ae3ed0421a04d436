import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { splitList } from '../../../shared/validation';
import { textField } from '../../../shared/descriptions';

/** Names per request: each is a repeated query key, and long query strings are refused by many proxies. */
const NAMES_PER_REQUEST = 100;

export const option = {
	name: 'Get Many by Names or Aliases',
	description: 'Find the IDs of persons by their names or aliases',
	action: 'Get many persons by names or aliases',
};

export const description: INodeProperties[] = [
	textField(
		'Names or Aliases',
		'namesOrAliases',
		'e.g. Ava Marlowe, Dima',
		'Comma-separated names or aliases to look up, or an expression giving an array (then each element is taken whole, commas included). Each gives one output item with the matching person ID, or null when nobody matches.',
		{ required: true },
	),
];

export const toolDescription =
	'Finds the IDs of enrolled persons by their names or aliases. Needs the names or aliases. Returns each match with its name and person_id.';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const names = splitList(item.param('namesOrAliases', ''));
	if (names.length === 0) throw item.invalid('Names or Aliases', 'it is empty', 'Enter at least one name or alias.');
	const matches: IDataObject[] = [];
	for (let start = 0; start < names.length; start += NAMES_PER_REQUEST) {
		const response = await run.call('celebrities.getPersonsByNamesAndAliases', {
			// An array goes out as repeated keys (`person_names_or_aliases=a&person_names_or_aliases=b`).
			qs: { person_names_or_aliases: names.slice(start, start + NAMES_PER_REQUEST) },
			itemIndex,
		});
		matches.push(...response.matches);
	}
	return matches;
}
