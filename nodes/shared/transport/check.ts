import type { IDataObject } from 'n8n-workflow';

import { ANSWER_LIMITS, describeBody, jsonKind, type ParsedBody } from '../http/answers';
import { HINTS } from '../http/failures';
import type { Explained } from './errors';
import type { AnswerSpec, ApiContext, ApiRequest, FieldRule, PageStyle } from './types';

export const isRecord = (entry: unknown): entry is IDataObject =>
	typeof entry === 'object' && entry !== null && !Array.isArray(entry);

/** What an answer was, in words and without its values (which could hold anything the service echoed). */
function shapeOf(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return `an array of ${value.length} entries`;
	if (typeof value === 'object') {
		const keys = Object.keys(value as object);
		return keys.length === 0
			? 'an empty object'
			: `an object with the keys ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`;
	}
	return typeof value === 'string' ? `a text of ${value.length} characters` : `a ${typeof value}`;
}

/**
 * The one rule for the entries of every list an answer holds: an entry that is not a JSON object becomes no item,
 * with a warning in n8n's log. The list is cleaned in place (lists are long).
 */
function keepRecords(context: ApiContext, what: string, list: unknown[]): void {
	const records = list.filter(isRecord);
	if (records.length === list.length) return;
	context.logger.warn(
		`Media Analysis: ${what} listed ${list.length - records.length} entries that are not records (null or plain values); they were skipped`,
	);
	records.forEach((record, index) => (list[index] = record));
	list.length = records.length;
}

const isId = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const aList = (field: string) => `the "${field}" list it should hold`;
const anObject = (field: string) => `the "${field}" object it should hold`;

/** Each rule: whether a field's value fits it (lists are not yet cleaned then), and what is missing where not. */
const RULES: Record<FieldRule, { fits: (value: unknown) => boolean; missing: (field: string) => string }> = {
	created: { fits: isId, missing: () => 'an ID for what it created' },
	id: { fits: isId, missing: () => 'an ID' },
	integer: { fits: Number.isSafeInteger, missing: (field) => `the "${field}" number it should hold` },
	records: { fits: Array.isArray, missing: aList },
	strings: { fits: Array.isArray, missing: aList },
	array: { fits: Array.isArray, missing: aList },
	object: { fits: isRecord, missing: anObject },
	'object?': {
		fits: (value) => value === undefined || isRecord(value) || (Array.isArray(value) && value.length === 0),
		missing: anObject,
	},
};

const EXPECTED = { object: 'a JSON object', array: 'a JSON array', any: 'JSON' };

export interface Arrived {
	body: ParsedBody;
	status: number;
	contentType: string | undefined;
}

/**
 * The one check of every successful answer against what its operation reads (`request.answer`: the endpoint table's
 * entry, or a list's page style). What is not is one clear refusal naming the endpoint and what came back (scrubbed
 * before it is cut), never a TypeError nor an item. Returns the answer, its lists cleaned in place.
 */
export async function checkAnswer(
	context: ApiContext,
	request: ApiRequest,
	{ body, status, contentType }: Arrived,
	scrubber: () => Promise<(value: unknown) => unknown>,
): Promise<{ answer: IDataObject; listed?: number } | { refuse: Explained }> {
	const spec = request.answer ?? 'object';
	const what = `${request.method} ${request.path}`;
	const page =
		typeof spec === 'object' && typeof (spec as PageStyle).items === 'function' ? (spec as PageStyle) : undefined;
	const fields = typeof spec === 'object' && !page ? (spec as Exclude<AnswerSpec, string>) : {};
	const kind = spec === 'any' ? 'any' : spec === 'records' ? 'array' : 'object';
	const refuse = (came: string): { refuse: Explained } => ({
		refuse: {
			message: `The Media Analysis Service answered ${what} ${came}`,
			description: [
				Object.values(fields).includes('created')
					? 'It may have been created all the same: look for it on the service (for example by listing them) before running the node again, so that it is not created twice.'
					: request.idempotent === false
						? 'Nothing was made from this answer, but the request may have taken effect: check on the service before running the node again.'
						: 'Nothing was made from this answer.',
				HINTS.baseUrl,
				'If it is, the service is misbehaving: try again later, or report it to the Media Analysis team.',
			].join(' '),
		},
	});

	const value: unknown =
		body.kind === 'json' ? body.value : body.kind === 'empty' && request.method === 'DELETE' ? {} : undefined;
	if (value === undefined || !(kind === 'any' || (kind === 'array' ? Array.isArray(value) : isRecord(value)))) {
		const scrub = await scrubber();
		// Scrubbed before `describeBody` cuts it, so no part of a secret is left at the cut.
		const sample = (text: string) => describeBody(text, contentType);
		const came =
			body.kind === 'json'
				? `${jsonKind(body.value)} (${sample(JSON.stringify(scrub(body.value)))})`
				: body.kind === 'empty'
					? `an empty body (status ${status})`
					: body.kind === 'too-deep'
						? `JSON nested more than ${ANSWER_LIMITS.maxDepth} levels deep`
						: `something that is not JSON (${sample(String(scrub(body.text)))})`;
		return refuse(`with ${came} where ${EXPECTED[kind]} was expected`);
	}
	if (!isRecord(value)) {
		// Any other JSON (a list) goes on as it is: IDataObject is only the transport's return type (the table types it).
		if (spec === 'records') keepRecords(context, what, value as unknown[]);
		return { answer: value as IDataObject };
	}
	const shape = (field = '') => {
		const which = !field
			? ''
			: value[field] === undefined
				? `, with no "${field}"`
				: `, whose "${field}" is ${shapeOf(value[field])}`;
		return ` (the answer was ${shapeOf(value)}${which})`;
	};
	// How many entries the page's list held before those that are not records were dropped (what positions count).
	const list = page?.items(value);
	if (page && !Array.isArray(list)) return refuse(`without the list of records it should hold${shape()}`);
	const listed = list?.length;
	if (list) keepRecords(context, what, list);
	for (const [field, rule] of Object.entries(fields)) {
		const entry = value[field];
		if (!RULES[rule].fits(entry))
			return refuse(`without ${RULES[rule].missing(field)}${shape(rule === 'created' || rule === 'id' ? field : '')}`);
		if (rule === 'records') keepRecords(context, what, entry as unknown[]);
		if (rule === 'strings') value[field] = (entry as unknown[]).filter((item) => typeof item === 'string');
	}
	return { answer: value, listed };
}
