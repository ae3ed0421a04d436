import { explainedError, type ApiContext, type ApiRequest, type PageStyle } from './transport';
import { isRecord, keepRecords, shapeOf } from './transport/pagination';

/**
 * What the nodes read from one field of a successful answer:
 * - `created`: the ID of what a create made, a non-empty string;
 * - `id`: the ID of what the answer is about, a non-empty string;
 * - `records`: a list whose entries that are not JSON objects become no item (`keepRecords`, as in every page);
 * - `strings`: a list whose entries that are not strings are dropped;
 * - `array`: a list of any values;
 * - `object`: a JSON object;
 * - `object?`: a JSON object, or none (absent, or the empty list the document's EmptyResponse holds).
 */
export type FieldRule = 'created' | 'id' | 'integer' | 'records' | 'strings' | 'array' | 'object' | 'object?';

/**
 * What a successful answer must be before any operation reads it: `any` (any JSON, null included, or no body),
 * `object` (a JSON object the nodes return or read whole), `records` (a JSON array of records), or a JSON object
 * whose named fields follow their rules.
 */
export type AnswerSpec = 'any' | 'object' | 'records' | { readonly [field: string]: FieldRule };

const LISTS = new Set<FieldRule>(['records', 'strings', 'array']);

function missing(field: string, rule: FieldRule): string {
	if (rule === 'created') return 'an ID for what it created';
	if (rule === 'id') return 'an ID';
	if (rule === 'integer') return `the "${field}" number it should hold`;
	return LISTS.has(rule) ? `the "${field}" list it should hold` : `the "${field}" object it should hold`;
}

const hasId = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Whether a field's value is what its rule asks for (lists not yet cleaned of stray entries). */
function fits(value: unknown, rule: FieldRule): boolean {
	switch (rule) {
		case 'created':
		case 'id':
			return hasId(value);
		case 'integer':
			return Number.isSafeInteger(value);
		case 'object':
			return isRecord(value);
		case 'object?':
			return value === undefined || isRecord(value) || (Array.isArray(value) && value.length === 0);
		default:
			return Array.isArray(value);
	}
}

/**
 * The one check of every successful answer against what the nodes read from it (`callEndpoint` and, for lists read
 * page by page, `fetchPage`): an answer that lacks it is a clear error naming the endpoint, the item and what came
 * back, never a TypeError nor an item; list entries that cannot be records are dropped. `answer` is the endpoint's
 * spec, or its page style for a paged list read in one request. Returns the answer, its lists cleaned in place.
 */
export function checkAnswer(this: ApiContext, request: ApiRequest, answer: AnswerSpec | PageStyle, response: unknown): unknown {
	if (answer === 'any') return response;
	const fail = (what: string, created = false, field = ''): never => {
		const mayHaveActed = created || request.idempotent === false;
		const value = isRecord(response) && field ? response[field] : undefined;
		const which = !field ? '' : value === undefined ? `, with no "${field}"` : `, whose "${field}" is ${shapeOf(value)}`;
		throw explainedError(this.getNode(), {
			message: `The Media Analysis Service answered ${request.method} ${request.path} without ${what} (the answer was ${shapeOf(response)}${which})`,
			description: [
				created
					? 'It may have been created all the same: look for it on the service (for example by listing them) before running the node again, so that it is not created twice.'
					: mayHaveActed
						? 'Nothing was made from this answer, but the request may have taken effect: check on the service before running the node again.'
						: 'Nothing was made from this answer.',
				'Check that the Base URL of the credential points at the Media Analysis Service API (not a proxy or a web page); if it does, the service is misbehaving: try again later, or report it to the Media Analysis team.',
			].join(' '),
			itemIndex: request.itemIndex,
		});
	};
	if (answer === 'records') {
		if (!Array.isArray(response)) return fail('the list it should hold');
		return keepRecords.call(this, request, response);
	}
	if (!isRecord(response)) return fail('the JSON object it should hold');
	if (answer === 'object') return response;
	if (typeof answer.items === 'function') {
		const list = (answer as PageStyle).items(response);
		if (!Array.isArray(list)) return fail('the list of records it should hold');
		// `items` hands back the answer's own list, so cleaning it in place cleans the answer (no spread: lists are long).
		const records = keepRecords.call(this, request, list);
		records.forEach((record, index) => (list[index] = record));
		list.length = records.length;
		return response;
	}
	for (const [field, rule] of Object.entries(answer)) {
		const value = response[field];
		if (!fits(value, rule)) fail(missing(field, rule), rule === 'created', rule === 'created' || rule === 'id' ? field : '');
		if (rule === 'records') response[field] = keepRecords.call(this, request, value as unknown[]);
		if (rule === 'strings') response[field] = (value as unknown[]).filter((entry) => typeof entry === 'string');
	}
	return response;
}
