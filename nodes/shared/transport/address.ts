/** What a request's address can carry, checked before anything is sent. */
import type { IDataObject } from 'n8n-workflow';

import type { Explained } from './errors';
import type { ApiRequest } from './types';

/**
 * The most a request's path and query may take: gateways refuse a longer request line (414) or cut it, commonly
 * somewhere from 4 to 8 KB. A longer one is refused before sending, naming the list that made it long.
 */
export const REQUEST_LINE = { maxBytes: 6 * 1024 };

/** The path and query as sent (repeated keys for lists), for the request-line budget. */
function requestLineBytes(path: string, qs: IDataObject | undefined): number {
	let bytes = Buffer.byteLength(path);
	for (const [key, value] of Object.entries(qs ?? {})) {
		for (const entry of Array.isArray(value) ? value : [value]) {
			if (entry === undefined) continue;
			bytes += 2 + Buffer.byteLength(encodeURIComponent(key));
			bytes += Buffer.byteLength(encodeURIComponent(typeof entry === 'object' ? JSON.stringify(entry) : String(entry)));
		}
	}
	return bytes;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where a text holds half of a character (a lone surrogate), which no address can carry; -1 where it holds none. */
export const loneSurrogateAt = (text: string): number => text.search(LONE_SURROGATE);

/** The text with each half of a character (a lone surrogate) as U+FFFD. */
export const wellFormed = (text: string): string => text.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD');

/** Percent-encoded text decoded; text that is not percent-encoded as it is. */
export function percentDecoded(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/** Why a request line is over the budget, in words naming its longest list; undefined when it fits. */
function overlongLine(request: ApiRequest): Explained | undefined {
	const bytes = requestLineBytes(request.path, request.qs);
	if (bytes <= REQUEST_LINE.maxBytes) return undefined;
	const lists = Object.entries(request.qs ?? {}).filter((entry): entry is [string, unknown[]] =>
		Array.isArray(entry[1]),
	);
	const [key, values] =
		lists.sort((a, b) => requestLineBytes('', { [b[0]]: b[1] }) - requestLineBytes('', { [a[0]]: a[1] }))[0] ?? [];
	const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
	if (!key || !values || values.length === 0) {
		return {
			message: `${request.method} ${request.path.slice(0, 80)} was not sent: its address is ${kb(bytes)} long, more than the ${kb(REQUEST_LINE.maxBytes)} gateways accept`,
			description: 'Shorten the values this item sends in the address (identifiers, names, filters).',
		};
	}
	const listBytes = requestLineBytes('', { [key]: values });
	const fit = Math.max(0, Math.floor((REQUEST_LINE.maxBytes - (bytes - listBytes)) / (listBytes / values.length)));
	return {
		message: `${request.method} ${request.path.slice(0, 80)} was not sent: the "${key}" filter holds ${values.length} values, ${kb(bytes)} in the address, more than the ${kb(REQUEST_LINE.maxBytes)} gateways accept`,
		description: `About ${fit} values of this length fit. Split the list over several items (for example with n8n's Loop Over Items node) and run the node for each part.`,
	};
}

/**
 * Why a request cannot be sent as it is (a path segment that is no identifier, text no address can carry, a request
 * line over the budget); undefined when it can.
 */
export function checkRequest(request: ApiRequest, what: string): Explained | undefined {
	for (const raw of request.path.split('/').slice(1)) {
		if (['', '.', '..', 'undefined'].includes(percentDecoded(raw).trim()))
			return {
				message: `${what} was not sent: "${raw}" cannot stand where an identifier belongs in the path`,
				description:
					'"." and ".." would send the request to another address, and an empty or "undefined" identifier means one is missing (for example because an earlier answer of the service lacked it). Check the identifiers of this item, or use the ID from the service.',
			};
	}
	// The first field of the path (named by the table) or of the query that holds text no address can carry.
	let unsendable = request.unsendable;
	for (const [field, value] of Object.entries(request.qs ?? {}))
		for (const entry of Array.isArray(value) ? value : [value]) {
			const at = typeof entry === 'string' ? loneSurrogateAt(entry) : -1;
			if (at >= 0) unsendable ??= { field, at };
		}
	if (unsendable) {
		const item = request.itemIndex !== undefined ? ` of item ${request.itemIndex}` : '';
		return {
			message: `The text for "${unsendable.field}"${item} cannot be sent: it holds half of a character`,
			description: `Character ${unsendable.at + 1} of "${unsendable.field}" is a lone surrogate, half of an emoji or another character, usually left where text was cut to a length. No address can carry it, so nothing was sent. Fix the parameter that gives "${unsendable.field}" (remove that character, or cut the text so that characters stay whole) and run the node again.`,
		};
	}
	return overlongLine(request);
}
