import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { choice, collection } from './descriptions';
import type { Item } from './item';

/** Sorting for the lists whose `sort_field` is any string: known fields listed, an expression gives any other. */
export function sortCollection(fields: INodePropertyOptions[], defaultField: string, what: string): INodeProperties {
	return collection('Sort', 'sort', 'Add Sort Rule', [
		choice(
			'Sort By',
			'field',
			fields,
			defaultField,
			`The field ${what} are ordered by. Choose from the list, or specify any field the service sorts by using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		),
		choice(
			'Direction',
			'direction',
			[
				{ name: 'Ascending', value: 'asc' },
				{ name: 'Descending', value: 'desc' },
			],
			'asc',
		),
	]);
}

/** The Sort collection as `sort_field` / `sort_direction`; a field given by expression is any non-empty name. */
export function sortQuery(item: Item): IDataObject {
	const sort = item.options('sort');
	const qs: IDataObject = {};
	if (sort.field !== undefined) {
		const field = typeof sort.field === 'string' ? sort.field.trim() : '';
		if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(field)) {
			throw item.invalid(
				'Sort By',
				`"${String(sort.field)}" is not a field name`,
				'Choose a field from the list, or give a field name such as created_dt.',
			);
		}
		qs.sort_field = field;
	}
	if (sort.direction !== undefined) qs.sort_direction = sort.direction;
	return qs;
}
