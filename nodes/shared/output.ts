import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from './item';

/** Output › Simplified / Raw / Selected Fields, as n8n asks of operations whose records have more than 10 fields. */

/** A record type of the service: every field it has, and what Simplified keeps (the ID first). */
export interface RecordFields {
	/** For descriptions: "query", "dataset". */
	kind: string;
	all: readonly string[];
	simplified: readonly string[];
}

/** A record type's fields: `all` as generated from the document (`enums.generated.ts`). */
export function recordFields<const All extends readonly string[]>(
	kind: string,
	all: All,
	simplified: ReadonlyArray<All[number]>,
): RecordFields {
	return { kind, all, simplified };
}

export function outputProperties(record: RecordFields): INodeProperties[] {
	const [id] = record.simplified;
	return [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			options: [
				{
					name: 'Simplified',
					value: 'simple',
					description: `${record.simplified.length} of the ${record.all.length} fields of each ${record.kind}: ${record.simplified.join(', ')}`,
				},
				{ name: 'Raw', value: 'raw', description: `Every field of each ${record.kind}, as the service sends it` },
				{ name: 'Selected Fields', value: 'fields', description: `The fields you choose, and ${id}` },
			],
			default: 'simple',
			description: `Which fields of each ${record.kind} to return (a model reads every field a tool returns)`,
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			options: [...record.all].sort().map((field) => ({ name: field, value: field })),
			default: [],
			description: `The fields of each ${record.kind} to return; ${id} always comes with them`,
			displayOptions: { show: { output: ['fields'] } },
		},
	];
}

/**
 * How the item's Output shapes each record: `records.map(shapeOutput(item, QUERY))`. Another operation's value left
 * in the node (Get Results' Rows) reads as Simplified.
 */
export function shapeOutput(item: Item, record: RecordFields): (value: object) => IDataObject {
	const mode = item.param<string>('output', 'simple');
	if (mode === 'raw') return (value) => value as IDataObject;
	const [id] = record.simplified;
	const fields =
		mode === 'fields' ? [id, ...item.param<string[]>('fields', []).filter((field) => field !== id)] : record.simplified;
	return (value) => {
		const kept: IDataObject = {};
		for (const field of fields) if (field in value) kept[field] = (value as IDataObject)[field];
		return kept;
	};
}
