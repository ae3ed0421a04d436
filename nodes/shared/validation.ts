import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** What a check needs of n8n's context (action nodes and triggers alike): the node, for the error. */
export type NodeContext = Pick<IExecuteFunctions, 'getNode'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const JOB_ID = /^[0-9a-f]{24}$/;

export const UUID_PATTERN = UUID.source;

function shown(value: unknown): string {
	const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
	return text === undefined ? 'nothing' : `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;
}

/** A parameter value refused before anything is sent: names the parameter, the item and the fix. */
export function invalidParameter(
	this: NodeContext,
	parameter: string,
	itemIndex: number,
	problem: string,
	fix: string,
): NodeOperationError {
	return new NodeOperationError(this.getNode(), `Invalid ${parameter} in item ${itemIndex}: ${problem}`, {
		description: fix,
		itemIndex,
	});
}

/** An update whose Update Fields add nothing to change. */
export function noFieldToUpdate(
	this: NodeContext,
	itemIndex: number,
	fix = 'Add at least one field under "Update Fields".',
) {
	return invalidParameter.call(this, 'Update Fields', itemIndex, 'no field to update was added', fix);
}

/** A check of a text parameter: the trimmed text when `valid`, else "<value> <problem>" and the fix. */
function textCheck(valid: (text: string) => boolean, problem: string, fix: (parameter: string) => string) {
	return function (this: NodeContext, value: unknown, parameter: string, itemIndex: number): string {
		const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
		if (text && valid(text)) return text;
		const what = text === '' ? 'it is empty' : `${shown(text ?? value)} ${problem}`;
		throw invalidParameter.call(this, parameter, itemIndex, what, fix(parameter));
	};
}

const uuidText = textCheck(
	(text) => UUID.test(text),
	'is not a UUID',
	(parameter) =>
		`Give the ${parameter} as a UUID such as 3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c, or choose it from the list.`,
);

export function assertUuid(this: NodeContext, value: unknown, parameter: string, itemIndex: number): string {
	return uuidText.call(this, value, parameter, itemIndex).toLowerCase();
}

const uuid4Text = textCheck(
	(text) => UUID4.test(text),
	'is not a version-4 UUID',
	(parameter) =>
		`The service only accepts version-4 UUIDs for the ${parameter}; copy it from the service or choose it from the list.`,
);

export function assertUuid4(this: NodeContext, value: unknown, parameter: string, itemIndex: number): string {
	return uuid4Text.call(this, assertUuid.call(this, value, parameter, itemIndex), parameter, itemIndex);
}

export const assertJobId = textCheck(
	(text) => JOB_ID.test(text),
	'is not an ingestion job ID',
	() =>
		'An ingestion job ID is exactly 24 lowercase hexadecimal characters, e.g. 65f1a2b3c4d5e6f708192a3b, as returned when the job was created.',
);

export function assertRange(
	this: NodeContext,
	value: unknown,
	parameter: string,
	itemIndex: number,
	{ min, max, integer = true }: { min?: number; max?: number; integer?: boolean },
): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	const bounds =
		min !== undefined && max !== undefined
			? `from ${min} to ${max}`
			: min !== undefined
				? `at least ${min}`
				: `at most ${max}`;
	if (
		typeof number !== 'number' ||
		!Number.isFinite(number) ||
		(integer && !Number.isInteger(number)) ||
		(min !== undefined && number < min) ||
		(max !== undefined && number > max)
	) {
		throw invalidParameter.call(
			this,
			parameter,
			itemIndex,
			typeof number === 'number' && !Number.isNaN(number)
				? `${shown(value)} is out of range`
				: value === undefined || value === null || value === ''
					? 'no number was given'
					: `${shown(value)} is not a number`,
			`${parameter} must be ${integer ? 'a whole number ' : ''}${bounds}.`,
		);
	}
	return number;
}

export function assertNotEmpty(this: NodeContext, value: unknown, parameter: string, itemIndex: number): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!text) {
		throw invalidParameter.call(this, parameter, itemIndex, 'it is empty', `Enter a value for ${parameter}.`);
	}
	return text;
}

/** A JSON parameter given as text, or already parsed (from an expression). */
export function parseJsonParameter<T = unknown>(
	this: NodeContext,
	value: unknown,
	parameter: string,
	itemIndex: number,
): T {
	if (typeof value !== 'string') return value as T;
	try {
		return JSON.parse(value) as T;
	} catch (error) {
		throw invalidParameter.call(
			this,
			parameter,
			itemIndex,
			`it is not valid JSON (${(error as Error).message})`,
			`Correct the JSON in ${parameter}; check quotes, commas and brackets.`,
		);
	}
}

export function parseJsonObject<T = IDataObject>(
	this: NodeContext,
	value: unknown,
	parameter: string,
	itemIndex: number,
	example: string,
): T {
	const parsed = parseJsonParameter.call(this, value, parameter, itemIndex);
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw invalidParameter.call(
			this,
			parameter,
			itemIndex,
			'it is not a JSON object',
			`Give ${parameter} as an object, e.g. ${example}.`,
		);
	}
	return parsed as T;
}

/** "a, b,,c" → ["a", "b", "c"]; also accepts an array from an expression. */
export function splitList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map(String) : String(value ?? '').split(',');
	return parts.map((part) => part.trim()).filter((part) => part !== '');
}

export function assertUuidList(this: NodeContext, value: unknown, parameter: string, itemIndex: number): string[] {
	return splitList(value).map((id) => assertUuid.call(this, id, parameter, itemIndex));
}

export function assertDateTime(this: NodeContext, value: unknown, parameter: string, itemIndex: number): string {
	const date = new Date(String(value));
	if (value === '' || value === null || value === undefined || Number.isNaN(date.getTime())) {
		throw invalidParameter.call(
			this,
			parameter,
			itemIndex,
			`${shown(value)} is not a date`,
			`Give ${parameter} as a date and time, e.g. 2026-01-31T12:00:00Z.`,
		);
	}
	return date.toISOString();
}

export const CONNECTION_NAME_PATTERN = '^[a-z0-9_]{3,255}$';
const CONNECTION_NAME = new RegExp(CONNECTION_NAME_PATTERN);

/** A connection name as the service requires it on create and rename. */
export function assertConnectionName(
	this: IExecuteFunctions,
	value: unknown,
	parameter: string,
	itemIndex: number,
): string {
	const name = typeof value === 'string' ? value.trim() : '';
	if (CONNECTION_NAME.test(name)) return name;
	const problem = !name
		? 'it is empty'
		: name.length < 3
			? `${shown(name)} is shorter than 3 characters`
			: name.length > 255
				? `it is longer than 255 characters (${name.length})`
				: `${shown(name)} has characters other than lowercase letters, digits and underscores`;
	throw invalidParameter.call(
		this,
		parameter,
		itemIndex,
		problem,
		'A connection name is 3 to 255 characters of lowercase letters, digits and underscores, e.g. product_bucket.',
	);
}

/** A public http(s) URL, e.g. of an image the service downloads. */
export const assertHttpUrl = textCheck(
	(text) => URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol),
	'is not an http or https URL',
	() => 'Give the full address the service can download from, e.g. https://example.com/photo.jpg.',
);

/** One address: a local part, "@", and a domain with a dot; no spaces, commas or brackets. */
const EMAIL = /^[^\s@,;<>()[\]"]+@[^\s@,;<>()[\]"]+\.[^\s@,;<>()[\]".]+$/;

export const assertEmail = textCheck(
	(text) => EMAIL.test(text),
	'is not an email address',
	() => 'Give one address such as ana@example.com (no name, brackets or second address).',
);

/** An identifier the service gave (a user, invitation or client ID): one word, no spaces, no slashes. */
export const assertIdentifier = textCheck(
	(text) => !/[\s/]/.test(text),
	'is not an ID (it holds a space or a slash)',
	(parameter) => `Copy the ${parameter} ID as the service gives it, or choose it from the list.`,
);
