import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** What a check needs of n8n's context (action nodes and triggers alike): the node, for the error. */
export type NodeContext = Pick<IExecuteFunctions, 'getNode'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const UUID_PATTERN = UUID.source;

function shown(value: unknown): string {
	const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
	return text === undefined ? 'nothing' : `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;
}

/**
 * The checks of one item's parameters, before anything is sent: each returns the value to send, or throws an error
 * that names the parameter, the item and the fix. An operation gets them with its `Item` (`item.uuid(value, 'Dataset')`).
 */
export class Checks {
	constructor(
		readonly node: NodeContext,
		readonly index: number,
	) {}

	/** A parameter value refused: "Invalid <parameter> in item <index>: <problem>", the fix as its description. */
	invalid(parameter: string, problem: string, fix: string): NodeOperationError {
		return new NodeOperationError(this.node.getNode(), `Invalid ${parameter} in item ${this.index}: ${problem}`, {
			description: fix,
			itemIndex: this.index,
		});
	}

	/** An update whose Update Fields add nothing to change. */
	noFieldToUpdate(fix = 'Add at least one field under "Update Fields".'): NodeOperationError {
		return this.invalid('Update Fields', 'no field to update was added', fix);
	}

	uuid(value: unknown, parameter: string): string {
		return this.text(value, parameter, {
			valid: (text) => UUID.test(text),
			problem: 'is not a UUID',
			fix: `Give the ${parameter} as a UUID such as 3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c, or choose it from the list.`,
		}).toLowerCase();
	}

	/** The concepts service takes version-4 UUIDs only. */
	uuid4(value: unknown, parameter: string): string {
		return this.text(this.uuid(value, parameter), parameter, {
			valid: (text) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(text),
			problem: 'is not a version-4 UUID',
			fix: `The service only accepts version-4 UUIDs for the ${parameter}; copy it from the service or choose it from the list.`,
		});
	}

	uuidList(value: unknown, parameter: string): string[] {
		return splitList(value).map((id) => this.uuid(id, parameter));
	}

	jobId(value: unknown, parameter: string): string {
		return this.text(value, parameter, {
			valid: (text) => /^[0-9a-f]{24}$/.test(text),
			problem: 'is not an ingestion job ID',
			fix: 'An ingestion job ID is exactly 24 lowercase hexadecimal characters, e.g. 65f1a2b3c4d5e6f708192a3b, as returned when the job was created.',
		});
	}

	/** A public http(s) URL, e.g. of an image the service downloads. */
	url(value: unknown, parameter: string): string {
		return this.text(value, parameter, {
			valid: (text) => URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol),
			problem: 'is not an http or https URL',
			fix: 'Give the full address the service can download from, e.g. https://example.com/photo.jpg.',
		});
	}

	email(value: unknown, parameter: string): string {
		return this.text(value, parameter, {
			valid: (text) => EMAIL.test(text),
			problem: 'is not an email address',
			fix: 'Give one address such as ana@example.com (no name, brackets or second address).',
		});
	}

	/** An identifier the service gave (a user, invitation or client ID): one word, no spaces, no slashes. */
	identifier(value: unknown, parameter: string): string {
		return this.text(value, parameter, {
			valid: (text) => !/[\s/]/.test(text),
			problem: 'is not an ID (it holds a space or a slash)',
			fix: `Copy the ${parameter} ID as the service gives it, or choose it from the list.`,
		});
	}

	range(value: unknown, parameter: string, { min, max, integer = true }: Bounds): number {
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
			throw this.invalid(
				parameter,
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

	notEmpty(value: unknown, parameter: string): string {
		const text = typeof value === 'string' ? value.trim() : '';
		if (!text) throw this.invalid(parameter, 'it is empty', `Enter a value for ${parameter}.`);
		return text;
	}

	/** A JSON parameter given as text, or already parsed (from an expression). */
	json<T = unknown>(value: unknown, parameter: string): T {
		if (typeof value !== 'string') return value as T;
		try {
			return JSON.parse(value) as T;
		} catch (error) {
			throw this.invalid(
				parameter,
				`it is not valid JSON (${(error as Error).message})`,
				`Correct the JSON in ${parameter}; check quotes, commas and brackets.`,
			);
		}
	}

	jsonObject<T = IDataObject>(value: unknown, parameter: string, example: string): T {
		const parsed = this.json(value, parameter);
		if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
			throw this.invalid(parameter, 'it is not a JSON object', `Give ${parameter} as an object, e.g. ${example}.`);
		}
		return parsed as T;
	}

	dateTime(value: unknown, parameter: string): string {
		const date = new Date(String(value));
		if (value === '' || value === null || value === undefined || Number.isNaN(date.getTime())) {
			throw this.invalid(
				parameter,
				`${shown(value)} is not a date`,
				`Give ${parameter} as a date and time, e.g. 2026-01-31T12:00:00Z.`,
			);
		}
		return date.toISOString();
	}

	/** A connection name as the service requires it on create and rename. */
	connectionName(value: unknown, parameter: string): string {
		const name = typeof value === 'string' ? value.trim() : '';
		if (CONNECTION_NAME.test(name)) return name;
		const problem = !name
			? 'it is empty'
			: name.length < 3
				? `${shown(name)} is shorter than 3 characters`
				: name.length > 255
					? `it is longer than 255 characters (${name.length})`
					: `${shown(name)} has characters other than lowercase letters, digits and underscores`;
		throw this.invalid(
			parameter,
			problem,
			'A connection name is 3 to 255 characters of lowercase letters, digits and underscores, e.g. product_bucket.',
		);
	}

	/** A text parameter: the trimmed text when `check.valid`, else "<value> <problem>" and the fix. */
	private text(value: unknown, parameter: string, check: TextCheck): string {
		const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
		if (text && check.valid(text)) return text;
		const what = text === '' ? 'it is empty' : `${shown(text ?? value)} ${check.problem}`;
		throw this.invalid(parameter, what, check.fix);
	}
}

export interface Bounds {
	min?: number;
	max?: number;
	integer?: boolean;
}

interface TextCheck {
	valid: (text: string) => boolean;
	problem: string;
	fix: string;
}

/** One address: a local part, "@", and a domain with a dot; no spaces, commas or brackets. */
const EMAIL = /^[^\s@,;<>()[\]"]+@[^\s@,;<>()[\]"]+\.[^\s@,;<>()[\]".]+$/;

export const CONNECTION_NAME_PATTERN = '^[a-z0-9_]{3,255}$';
const CONNECTION_NAME = new RegExp(CONNECTION_NAME_PATTERN);

/** The first `limit` entries (each through `show`), then how many more: "a, b and 3 more" (`before` goes before "and"). */
export function firstOf<T>(
	entries: T[],
	limit: number,
	join: string,
	{ show = String, before = ' ', more = 'more' }: { show?: (entry: T) => string; before?: string; more?: string } = {},
): string {
	const rest = entries.length - limit;
	const shown = entries.slice(0, limit).map(show).join(join);
	return rest > 0 ? `${shown}${before}and ${rest} ${more}` : shown;
}

/** "a, b,,c" → ["a", "b", "c"]; also accepts an array from an expression. */
export function splitList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map(String) : String(value ?? '').split(',');
	return parts.map((part) => part.trim()).filter((part) => part !== '');
}
