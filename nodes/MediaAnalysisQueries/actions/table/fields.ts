import { nameMode } from '../../../shared/descriptions';
import type { Item } from '../../../shared/item';
import { listLocator } from '../../../shared/node';

/** A table of the dataset: From list (the dataset's tables, through `searchTables`) or By Name. */
export const tableLocator = listLocator(
	{ displayName: 'Table', name: 'tableName', description: 'A table of the dataset, as queries name it' },
	'a table',
	'searchTables',
	[nameMode('images')],
);

/** The item's table name: one path segment, checked before anything is sent. */
export function getTableName(item: Item): string {
	const name = item.notEmpty(item.param('tableName', '', { extractValue: true }), 'Table');
	if (/[/\\?#]/.test(name) || name === '.' || name === '..') {
		throw item.invalid(
			'Table',
			`"${name}" is not a table name`,
			'Choose the table From list, or type its name as queries use it (e.g. images).',
		);
	}
	return name;
}
