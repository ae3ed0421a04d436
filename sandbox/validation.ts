import { z } from 'zod';
import { HttpError, type ParsedBody, type QueryValues } from './http';

/*
 * How a FastAPI service reads a request and words a 422, which the vendor document does not say: a query string's
 * or path segment's text read as pydantic reads an int, float, bool, UUID or date-time; a scalar query parameter takes
 * its last value, a list its repeated keys; UUIDs in any spelling pydantic accepts, lowercase and hyphenated after.
 * The generated contract (`generated/schemas.ts`) builds on these; no schema of the service is written here.
 */

/** One entry of FastAPI's 422 body. */
export interface ValidationIssue {
	loc: Array<string | number>;
	msg: string;
	type: string;
}

export function validationError(issues: ValidationIssue[]): HttpError {
	return new HttpError(422, issues);
}

export const JSON_DECODE_ERROR: ValidationIssue = {
	loc: ['body', 0],
	msg: 'JSON decode error',
	type: 'json_invalid',
};

export interface Failure {
	type: string;
	msg: string;
}

class ConversionFailure implements Failure {
	constructor(
		readonly type: string,
		readonly msg: string,
	) {}
}

/** A query/path string converted to a value, failing with pydantic's error type and message. */
function converted<T>(convert: (raw: string) => T | ConversionFailure) {
	return z.string().transform((raw, ctx) => {
		const result = convert(raw);
		if (result instanceof ConversionFailure) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, params: { type: result.type, msg: result.msg } });
			return z.NEVER;
		}
		return result;
	});
}

const failure = (type: string, msg: string) => new ConversionFailure(type, msg);

const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

/** pydantic's lax boolean: true/false, 1/0, yes/no, on/off, t/f, y/n, any case. */
export const booleanString = () =>
	converted((raw) => {
		const word = raw.trim().toLowerCase();
		if (TRUE_WORDS.has(word)) return true;
		if (FALSE_WORDS.has(word)) return false;
		return failure('bool_parsing', 'Input should be a valid boolean, unable to interpret input');
	});

/** pydantic's lax integer from a query string or path segment. */
export const integerString = () =>
	converted((raw) =>
		/^\s*[+-]?\d+\s*$/.test(raw)
			? Number.parseInt(raw, 10)
			: failure('int_parsing', 'Input should be a valid integer, unable to parse string as an integer'),
	);

/** A query-string number (pydantic `float`). */
export const numberString = () =>
	converted((raw) => {
		const value = raw.trim() === '' ? Number.NaN : Number(raw);
		return Number.isFinite(value)
			? value
			: failure('float_parsing', 'Input should be a valid number, unable to parse string as a number');
	});

const UUID_PATTERN =
	/^(?:urn:uuid:)?\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i;

/** Accepts what pydantic accepts (hyphens optional, braces, urn prefix) and normalises to lowercase hyphenated form. */
export function parseUuid(raw: string): string | undefined {
	const match = UUID_PATTERN.exec(raw.trim());
	return match ? match.slice(1).join('-').toLowerCase() : undefined;
}

const UUID_PARSING = failure('uuid_parsing', 'Input should be a valid UUID, unable to parse string as a UUID');

export const uuidString = () => converted((raw) => parseUuid(raw) ?? UUID_PARSING);

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** pydantic's `UUID4`: any UUID spelling it parses, and then version 4 only. */
export const uuid4String = () =>
	converted((raw) => {
		const uuid = parseUuid(raw);
		if (!uuid) return UUID_PARSING;
		return UUID4.test(uuid) ? uuid : failure('uuid_version', 'UUID version 4 expected');
	});

const DATE_TIME_PATTERN =
	/^(\d{4}-\d{2}-\d{2})(?:[Tt ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** ISO 8601 date-times or dates (no offset means UTC) or unix seconds, converted to epoch milliseconds. */
export const dateTimeString = () => converted(parseDateTime);

/** A date-time in a JSON body or answer: checked as `dateTimeString` reads it, kept as the text sent. */
export const dateTimeText = () =>
	converted((raw) => {
		const millis = parseDateTime(raw);
		return millis instanceof ConversionFailure ? millis : raw;
	});

function parseDateTime(raw: string): number | ConversionFailure {
	const text = raw.trim();
	if (/^\d+(?:\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const match = DATE_TIME_PATTERN.exec(text);
	const millis = match ? Date.parse(`${match[1]}T${match[2] ?? '00:00'}${normaliseOffset(match[3])}`) : Number.NaN;
	if (Number.isNaN(millis)) {
		return failure('datetime_from_date_parsing', 'Input should be a valid datetime or date, unable to parse input');
	}
	return millis;
}

function normaliseOffset(offset: string | undefined): string {
	if (!offset || offset.toUpperCase() === 'Z') return 'Z';
	const digits = offset.slice(1).replace(':', '').padEnd(4, '0');
	return `${offset[0]}${digits.slice(0, 2)}:${digits.slice(2)}`;
}

const lastValue = (values: unknown) => (Array.isArray(values) ? values[values.length - 1] : values);

/**
 * Builders for query parameters. The raw query is a map of key to every value it had; a scalar parameter takes the
 * last value (as Starlette's `QueryParams.get` does), a list parameter takes all of them.
 */
export const queryParam = {
	required: <T extends z.ZodTypeAny>(schema: T) => z.preprocess(lastValue, schema),
	optional: <T extends z.ZodTypeAny>(schema: T) => z.preprocess(lastValue, schema.optional()),
	withDefault: <T extends z.ZodTypeAny>(schema: T, fallback: z.output<T>) =>
		z
			.preprocess(lastValue, schema.optional())
			.transform((value): z.output<T> => (value === undefined ? fallback : value)),
	list: <T extends z.ZodTypeAny>(schema: T) => z.array(schema).optional(),
	requiredList: <T extends z.ZodTypeAny>(schema: T) => z.array(schema),
};

export interface RequestParts {
	params: Record<string, string>;
	query: QueryValues;
	body: ParsedBody;
}

type Schemas = { path?: z.ZodTypeAny; query?: z.ZodTypeAny; body?: z.ZodTypeAny };
type Validated<S extends Schemas> = {
	[K in keyof S]: S[K] extends z.ZodTypeAny ? z.output<S[K]> : never;
};

/** Validates path, query and body together and throws one 422 listing every problem, in FastAPI's order. */
export function validate<S extends Schemas>(request: RequestParts, schemas: S): Validated<S> {
	const issues: ValidationIssue[] = [];
	const result: Record<string, unknown> = {};
	const check = (location: 'path' | 'query' | 'body', schema: z.ZodTypeAny, input: unknown) => {
		const parsed = schema.safeParse(input);
		if (parsed.success) result[location] = parsed.data;
		else issues.push(...parsed.error.issues.map((issue) => toValidationIssue(location, issue)));
	};
	if (schemas.path) check('path', schemas.path, request.params);
	if (schemas.query) check('query', schemas.query, request.query);
	if (schemas.body) {
		const body = request.body;
		if (body.kind === 'none') issues.push({ loc: ['body'], msg: 'Field required', type: 'missing' });
		else if (body.kind === 'invalid-json') issues.push(JSON_DECODE_ERROR);
		else if (body.kind === 'raw') issues.push({ loc: ['body'], ...OBJECT_EXPECTED });
		else check('body', schemas.body, body.value);
	}
	if (issues.length > 0) throw validationError(issues);
	return result as Validated<S>;
}

const OBJECT_EXPECTED: Failure = {
	type: 'model_attributes_type',
	msg: 'Input should be a valid dictionary or object to extract fields from',
};

function toValidationIssue(location: string, issue: z.ZodIssue): ValidationIssue {
	return { loc: [location, ...issue.path], ...describe(issue) };
}

/** A zod issue as pydantic words it: its error `type` and `msg`. */
export function describe(issue: z.ZodIssue): Failure {
	switch (issue.code) {
		case z.ZodIssueCode.custom: {
			const params = issue.params as Partial<Failure> | undefined;
			if (params?.type && params.msg) return { type: params.type, msg: params.msg };
			return { type: 'value_error', msg: `Value error, ${issue.message}` };
		}
		case z.ZodIssueCode.invalid_type:
			return describeInvalidType(issue);
		case z.ZodIssueCode.invalid_enum_value:
			return failure('enum', `Input should be ${listAlternatives(issue.options.map(String))}`);
		case z.ZodIssueCode.invalid_literal:
			return failure('literal_error', `Input should be ${listAlternatives([String(issue.expected)])}`);
		case z.ZodIssueCode.too_small:
			return describeBound(issue.type, 'small', Number(issue.minimum), issue.inclusive);
		case z.ZodIssueCode.too_big:
			return describeBound(issue.type, 'big', Number(issue.maximum), issue.inclusive);
		default:
			return failure('value_error', `Value error, ${issue.message}`);
	}
}

function describeInvalidType(issue: z.ZodInvalidTypeIssue): Failure {
	if (issue.received === 'undefined') return failure('missing', 'Field required');
	switch (issue.expected) {
		case 'string':
			return failure('string_type', 'Input should be a valid string');
		case 'boolean':
			return failure('bool_type', 'Input should be a valid boolean');
		case 'integer':
			return issue.received === 'float'
				? failure('int_from_float', 'Input should be a valid integer, got a number with a fractional part')
				: failure('int_type', 'Input should be a valid integer');
		case 'number':
			return failure('float_type', 'Input should be a valid number');
		case 'array':
			return failure('list_type', 'Input should be a valid list');
		case 'object':
			return OBJECT_EXPECTED;
		default:
			// zod names an enum as 'a' | 'b'; pydantic says "Input should be 'a' or 'b'".
			return failure(
				'enum',
				`Input should be ${issue.expected.replace(/ \| (?=[^|]*$)/, ' or ').replace(/ \| /g, ', ')}`,
			);
	}
}

function describeBound(kind: string, side: 'small' | 'big', limit: number, inclusive: boolean): Failure {
	if (kind === 'string') {
		return side === 'small'
			? failure('string_too_short', `String should have at least ${limit} character${limit === 1 ? '' : 's'}`)
			: failure('string_too_long', `String should have at most ${limit} character${limit === 1 ? '' : 's'}`);
	}
	if (kind === 'array') {
		return side === 'small'
			? failure('too_short', `List should have at least ${limit} item${limit === 1 ? '' : 's'}`)
			: failure('too_long', `List should have at most ${limit} item${limit === 1 ? '' : 's'}`);
	}
	if (side === 'small') {
		return inclusive
			? failure('greater_than_equal', `Input should be greater than or equal to ${limit}`)
			: failure('greater_than', `Input should be greater than ${limit}`);
	}
	return inclusive
		? failure('less_than_equal', `Input should be less than or equal to ${limit}`)
		: failure('less_than', `Input should be less than ${limit}`);
}

function listAlternatives(options: string[]): string {
	const quoted = options.map((option) => `'${option}'`);
	return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}
