import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { assertNotEmpty, invalidParameter } from '../../../shared/validation';

/** A table of the dataset: From list (the dataset's tables, through `searchTables`) or By Name. */
export const tableLocator: INodeProperties = {
	displayName: 'Table',
	name: 'tableName',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'A table of the dataset, as queries name it',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a table...',
			typeOptions: { searchListMethod: 'searchTables', searchable: true },
		},
		{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. images' },
	],
};

/** The item's table name: one path segment, checked before anything is sent. */
export function getTableName(this: IExecuteFunctions, itemIndex: number): string {
	const name = assertNotEmpty.call(
		this,
		this.getNodeParameter('tableName', itemIndex, '', { extractValue: true }),
		'Table',
		itemIndex,
	);
	if (/[/\\?#]/.test(name) || name === '.' || name === '..') {
		throw invalidParameter.call(
			this,
			'Table',
			itemIndex,
			`"${name}" is not a table name`,
			'Choose the table From list, or type its name as queries use it (e.g. images).',
		);
	}
	return name;
}
