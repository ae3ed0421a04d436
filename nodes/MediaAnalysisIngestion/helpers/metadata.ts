import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { textField } from '../../shared/descriptions';
import { invalidParameter, parseJsonParameter, splitList } from '../../shared/validation';
import { metadataField } from '../actions/fields';

export function describeValue(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	return `a ${typeof value}`;
}

/** A JSON object (text or parsed) whose values are text, numbers or booleans, as the service allows; empty is none. */
export function readMetadata(
	this: IExecuteFunctions,
	value: unknown,
	parameter: string,
	itemIndex: number,
): IDataObject | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	const parsed = parseJsonParameter.call(this, value, parameter, itemIndex);
	if (parsed === null || parsed === undefined) return undefined;
	if (typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw invalidParameter.call(
			this,
			parameter,
			itemIndex,
			`it is ${describeValue(parsed)}, not a JSON object`,
			'Give the metadata as a JSON object, e.g. {"campaign": "spring", "year": 2026}.',
		);
	}
	for (const [key, field] of Object.entries(parsed as IDataObject)) {
		const scalar =
			['string', 'boolean'].includes(typeof field) || (typeof field === 'number' && Number.isFinite(field));
		if (!scalar) {
			throw invalidParameter.call(
				this,
				parameter,
				itemIndex,
				`the field "${key}" holds ${describeValue(field)}`,
				'Metadata values must be text, numbers or booleans (dates as ISO 8601 text). Turn lists and nested objects into text or separate fields.',
			);
		}
	}
	return Object.keys(parsed as IDataObject).length > 0 ? (parsed as IDataObject) : undefined;
}

/**
 * A field of an item's JSON: the name as it is first (CSV headers may hold dots), else a dotted path. Own fields
 * only, so a name such as "constructor" finds nothing an object merely inherits.
 */
export function fieldOf(json: IDataObject, name: string): unknown {
	if (Object.hasOwn(json, name)) return json[name];
	let value: unknown = json;
	for (const key of name.split('.')) {
		if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
		value = (value as IDataObject)[key];
	}
	return value;
}

/** The metadata of one asset (or update), inside an entry of the Assets / Images / Videos or Updates list. */
export const metadataEntryFields: INodeProperties[] = [
	{
		displayName: 'Metadata',
		name: 'metadataInput',
		type: 'options',
		options: [
			{
				name: 'From Item Fields',
				value: 'itemFields',
				description: 'Copy fields of the input item under their own names',
			},
			{ name: 'JSON', value: 'json', description: 'A JSON object of fields' },
			{ name: 'Key/Value Pairs', value: 'pairs', description: 'Enter each field name and its value' },
		],
		default: 'pairs',
	},
	{
		displayName: 'Metadata Fields',
		name: 'metadataPairs',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Metadata Field',
		default: {},
		displayOptions: { show: { metadataInput: ['pairs'] } },
		options: [
			{
				displayName: 'Field',
				name: 'pair',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. campaign' },
					textField(
						'Value',
						'value',
						'e.g. spring',
						'Text; an expression may give a number or a boolean (dates as ISO 8601 text)',
					),
				],
			},
		],
	},
	{
		displayName: 'Item Fields',
		name: 'metadataItemFields',
		type: 'string',
		default: '',
		placeholder: 'e.g. campaign, year',
		requiresDataPath: 'multiple',
		description:
			'Comma-separated fields of the input item, copied into the metadata under their own names; values are text, numbers or booleans',
		displayOptions: { show: { metadataInput: ['itemFields'] } },
	},
	{ ...metadataField, displayOptions: { show: { metadataInput: ['json'] } } },
];

/** Pairs as an object, built from entries (a name such as "__proto__" stays a field). Blank rows are skipped. */
function metadataFromPairs(this: IExecuteFunctions, entry: IDataObject, itemIndex: number): IDataObject {
	const pairs = ((entry.metadataPairs as IDataObject | undefined)?.pair ?? []) as IDataObject[];
	const names = new Set<string>();
	const fields: Array<[string, unknown]> = [];
	for (const pair of pairs) {
		const name = typeof pair.name === 'string' ? pair.name.trim() : String(pair.name ?? '');
		const blank = pair.value === undefined || pair.value === '' || pair.value === null;
		if (name === '' && blank) continue;
		if (name === '') {
			throw invalidParameter.call(
				this,
				'Metadata Fields',
				itemIndex,
				`a value (${String(pair.value)}) has no name`,
				'Give every metadata field a name, or remove the row.',
			);
		}
		if (names.has(name)) {
			throw invalidParameter.call(
				this,
				'Metadata Fields',
				itemIndex,
				`the field "${name}" is given twice`,
				'Give each metadata field once.',
			);
		}
		names.add(name);
		// A null (an expression reading an empty field) stays null, so readMetadata names it instead of sending "".
		fields.push([name, pair.value === undefined ? '' : pair.value]);
	}
	return Object.fromEntries(fields) as IDataObject;
}

/** The named fields of an item's JSON (`fieldOf`) under their own names; a missing one is an error naming it. */
export function itemFields(
	this: IExecuteFunctions,
	json: IDataObject,
	names: string[],
	label: string,
	itemIndex: number,
): IDataObject {
	// Built from entries: a field named "__proto__" stays a field, not the object's prototype.
	return Object.fromEntries(
		names.map((name) => {
			const value = fieldOf(json, name);
			if (value === undefined) throw missingField.call(this, label, name, itemIndex);
			return [name, value];
		}),
	) as IDataObject;
}

export function missingField(this: IExecuteFunctions, label: string, name: string, itemIndex: number) {
	return invalidParameter.call(
		this,
		`${label} ("${name}")`,
		itemIndex,
		`the item has no field "${name}"`,
		`Give every item the field "${name}", or correct ${label} to a field the items have (names are case-sensitive).`,
	);
}

/** Entry `position` of a JSON list parameter: an object holding only `allowed` keys, else an error saying `fix`. */
export function jsonEntry(
	this: IExecuteFunctions,
	entry: unknown,
	position: number,
	allowed: string[],
	{ parameter, itemIndex, fix }: { parameter: string; itemIndex: number; fix: string },
): IDataObject {
	if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
		const what = `entry ${position} is ${describeValue(entry)}, not an object`;
		throw invalidParameter.call(this, parameter, itemIndex, what, fix);
	}
	const unknown = Object.keys(entry).find((key) => !allowed.includes(key));
	if (unknown) {
		throw invalidParameter.call(this, parameter, itemIndex, `entry ${position} has unknown field "${unknown}"`, fix);
	}
	return entry as IDataObject;
}

/** A JSON parameter holding a list (one entry alone is a list of one). */
export function jsonList(this: IExecuteFunctions, name: string, parameter: string, itemIndex: number): unknown[] {
	const parsed = parseJsonParameter.call(this, this.getNodeParameter(name, itemIndex, '[]'), parameter, itemIndex);
	return Array.isArray(parsed) ? parsed : [parsed];
}

export function readEntryMetadata(
	this: IExecuteFunctions,
	entry: IDataObject,
	itemIndex: number,
): IDataObject | undefined {
	const input = (entry.metadataInput as string | undefined) ?? 'pairs';
	if (input === 'pairs')
		return readMetadata.call(this, metadataFromPairs.call(this, entry, itemIndex), 'Metadata Fields', itemIndex);
	if (input === 'itemFields') {
		const json = this.getInputData()[itemIndex]?.json ?? {};
		const fields = itemFields.call(
			this,
			json,
			splitList(entry.metadataItemFields),
			'Metadata › Item Fields',
			itemIndex,
		);
		return readMetadata.call(this, fields, 'Metadata › Item Fields', itemIndex);
	}
	return readMetadata.call(this, entry.metadata, 'Metadata (JSON)', itemIndex);
}
