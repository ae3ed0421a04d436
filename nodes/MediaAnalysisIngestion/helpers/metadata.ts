import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { textField } from '../../shared/descriptions';
import type { Item } from '../../shared/item';
import { splitList } from '../../shared/validation';

export function describeValue(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	return `a ${typeof value}`;
}

/** A JSON object (text or parsed) whose values are text, numbers or booleans, as the service allows; empty is none. */
export function readMetadata(item: Item, value: unknown, parameter: string): IDataObject | undefined {
	if (typeof value === 'string' && value.trim() === '') return undefined;
	const parsed = item.json(value, parameter);
	if (parsed === null || parsed === undefined) return undefined;
	if (typeof parsed !== 'object' || Array.isArray(parsed)) {
		const fix = 'Give the metadata as a JSON object, e.g. {"campaign": "spring", "year": 2026}.';
		throw item.invalid(parameter, `it is ${describeValue(parsed)}, not a JSON object`, fix);
	}
	const scalar = (field: unknown) =>
		['string', 'boolean'].includes(typeof field) || (typeof field === 'number' && Number.isFinite(field));
	const wrong = Object.entries(parsed as IDataObject).find(([, field]) => !scalar(field));
	if (wrong) {
		throw item.invalid(
			parameter,
			`the field "${wrong[0]}" holds ${describeValue(wrong[1])}`,
			'Metadata values must be text, numbers or booleans (dates as ISO 8601 text). Turn lists and nested objects into text or separate fields.',
		);
	}
	return Object.keys(parsed as IDataObject).length > 0 ? (parsed as IDataObject) : undefined;
}

/**
 * A field of an item's JSON: the name as it is first (CSV headers may hold dots), else a dotted path. Own fields
 * only, so a name such as "constructor" finds nothing an object merely inherits.
 */
function fieldOf(json: IDataObject, name: string): unknown {
	if (Object.hasOwn(json, name)) return json[name];
	let value: unknown = json;
	for (const key of name.split('.')) {
		if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
		value = (value as IDataObject)[key];
	}
	return value;
}

/** A field of an item's JSON (`fieldOf`), named in `label`; a missing one is an error naming it. */
export function itemField(item: Item, json: IDataObject, name: string, label: string): unknown {
	const value = fieldOf(json, name);
	if (value !== undefined) return value;
	const fix = `Give every item the field "${name}", or correct ${label} to a field the items have (names are case-sensitive).`;
	throw item.invalid(`${label} ("${name}")`, `the item has no field "${name}"`, fix);
}

/** The named fields of an item's JSON (`itemField`) as metadata, under their own names. */
export function itemMetadata(item: Item, json: IDataObject, names: string[], label: string): IDataObject | undefined {
	// Built from entries: a field named "__proto__" stays a field, not the object's prototype.
	const fields = Object.fromEntries(names.map((name) => [name, itemField(item, json, name, label)]));
	return readMetadata(item, fields, label);
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
	{
		displayName: 'Metadata (JSON)',
		name: 'metadata',
		type: 'json',
		default: '{}',
		description: 'A JSON object of metadata fields; values are text, numbers or booleans (dates as ISO text)',
		displayOptions: { show: { metadataInput: ['json'] } },
	},
];

/** Pairs as an object, built from entries (a name such as "__proto__" stays a field). Blank rows are skipped. */
function metadataFromPairs(item: Item, entry: IDataObject): IDataObject {
	const pairs = ((entry.metadataPairs as IDataObject | undefined)?.pair ?? []) as IDataObject[];
	const refuse = (problem: string, fix: string) => item.invalid('Metadata Fields', problem, fix);
	const fields = new Map<string, unknown>();
	for (const pair of pairs) {
		const name = typeof pair.name === 'string' ? pair.name.trim() : String(pair.name ?? '');
		const blank = pair.value === undefined || pair.value === '' || pair.value === null;
		if (name === '' && blank) continue;
		if (name === '') {
			throw refuse(
				`a value (${String(pair.value)}) has no name`,
				'Give every metadata field a name, or remove the row.',
			);
		}
		if (fields.has(name)) throw refuse(`the field "${name}" is given twice`, 'Give each metadata field once.');
		// A null (an expression reading an empty field) stays null, so readMetadata names it instead of sending "".
		fields.set(name, pair.value === undefined ? '' : pair.value);
	}
	return Object.fromEntries(fields) as IDataObject;
}

export function readEntryMetadata(item: Item, entry: IDataObject): IDataObject | undefined {
	const input = (entry.metadataInput as string | undefined) ?? 'pairs';
	if (input === 'pairs') return readMetadata(item, metadataFromPairs(item, entry), 'Metadata Fields');
	if (input === 'itemFields') {
		const json = item.context.getInputData()[item.index]?.json ?? {};
		return itemMetadata(item, json, splitList(entry.metadataItemFields), 'Metadata › Item Fields');
	}
	return readMetadata(item, entry.metadata, 'Metadata (JSON)');
}

/** A list parameter given as JSON or as fields, read entry by entry. */
interface EntryList<T> {
	/** As JSON: the parameter and its label, the keys an entry may hold, what an entry is (for the errors), its reader. */
	json?: {
		name: string;
		parameter: string;
		allowed: string[];
		fix: string;
		read: (entry: IDataObject, position: number) => T;
	};
	/** Else as fields: the path of the fixedCollection's entries, and their reader. */
	fields: { path: string; read: (entry: IDataObject) => T };
	/** The error of an empty list: parameter, problem, fix. */
	empty: [parameter: string, problem: string, fix: string];
}

/** The entries of a list (a JSON array, or one entry alone, or fields); an empty list is an error. */
export function readEntries<T>(item: Item, { json, fields, empty }: EntryList<T>): T[] {
	let entries: T[];
	if (json) {
		const parsed = item.json(item.param(json.name, '[]'), json.parameter);
		const refuse = (problem: string) => item.invalid(json.parameter, problem, json.fix);
		entries = (Array.isArray(parsed) ? parsed : [parsed]).map((entry: unknown, position) => {
			if (!entry || typeof entry !== 'object' || Array.isArray(entry))
				throw refuse(`entry ${position} is ${describeValue(entry)}, not an object`);
			const unknown = Object.keys(entry).find((key) => !json.allowed.includes(key));
			if (unknown) throw refuse(`entry ${position} has unknown field "${unknown}"`);
			return json.read(entry as IDataObject, position);
		});
	} else {
		entries = item.param<IDataObject[]>(fields.path, []).map((entry) => fields.read(entry));
	}
	if (entries.length === 0) throw item.invalid(...empty);
	return entries;
}
