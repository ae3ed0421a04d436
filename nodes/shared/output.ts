import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * Output › Simplified / Raw / Selected Fields, as n8n asks of operations whose records have more than 10 fields (and
 * of every node used as an AI tool, whose model reads each field): Simplified keeps the fields a workflow or a model
 * acts on, Raw the service's record whole, Selected Fields the ones the user picks (and the ID).
 */

/** A record type of the service: every field it has, and what Simplified keeps (the ID first). */
export interface RecordFields {
	/** The record in words, for descriptions: "query", "dataset". */
	kind: string;
	/** Every field of the record, as the vendor document (and the generated types) list them. */
	all: readonly string[];
	simplified: readonly string[];
}

/**
 * A record type's fields, checked against its generated type: `every` must name each field of T once (a field the
 * document adds or removes is a compile error here), `simplified` only fields of T.
 */
export function recordFields<T extends object>(
	kind: string,
	every: { [K in keyof T]-?: true },
	simplified: ReadonlyArray<keyof T & string>,
): RecordFields {
	return { kind, all: Object.keys(every), simplified };
}

type OutputMode = 'simple' | 'raw' | 'fields';

/** The Output parameter and its field picker. */
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
 * The item's Output. A value of another operation's Output (Queries › Get Results has Rows, File, Link) left in the
 * node reads as Simplified.
 */
function outputMode(context: IExecuteFunctions, itemIndex: number): OutputMode {
	const output = context.getNodeParameter('output', itemIndex, 'simple') as string;
	return output === 'raw' || output === 'fields' ? output : 'simple';
}

/**
 * How the item's Output shapes each record (read once per item): `records.map(shapeOutput.call(this, i, QUERY))`.
 * A field the record lacks is left out, never invented.
 */
export function shapeOutput(
	this: IExecuteFunctions,
	itemIndex: number,
	record: RecordFields,
): (value: object) => IDataObject {
	const mode = outputMode(this, itemIndex);
	if (mode === 'raw') return (value) => value as IDataObject;
	const [id] = record.simplified;
	const fields =
		mode === 'simple'
			? record.simplified
			: [id, ...(this.getNodeParameter('fields', itemIndex, []) as string[]).filter((field) => field !== id)];
	return (value) => {
		const kept: IDataObject = {};
		for (const field of fields) if (field in value) kept[field] = (value as IDataObject)[field];
		return kept;
	};
}
