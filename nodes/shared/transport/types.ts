import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import type { Failure } from './errors';

/** The types the transport's modules share: a leaf, so none of them imports another for a type. */

/**
 * What the nodes read from one field of a successful answer. `created` (the ID of what a create made) and `id` are
 * non-empty strings; `records` drops entries that are not JSON objects, `strings` those that are not strings;
 * `object?` may be absent or the empty list the document's EmptyResponse holds.
 */
export type FieldRule = 'created' | 'id' | 'integer' | 'records' | 'strings' | 'array' | 'object' | 'object?';

/** What a successful answer must be: `any` JSON or none, an `object`, an array of `records`, or fields by rule. */
export type AnswerSpec = 'any' | 'object' | 'records' | { readonly [field: string]: FieldRule };

/** How a pagination family asks for a page and tells whether another follows (`position`: offset or page number). */
export interface PageStyle<At extends readonly string[] = readonly string[]> {
	/** Where the document puts the page's list (what `items` reads, and `RecordOf` types the records from). */
	listAt: At;
	firstPosition: number;
	/** Largest page the service returns; asking for more would be silently capped. */
	maxPageSize: number;
	place: 'qs' | 'body';
	params(position: number, pageSize: number): IDataObject;
	/** The page's list as sent, or undefined when the answer holds none where the document puts it. */
	items(response: IDataObject): unknown[] | undefined;
	/** The next position, or undefined after the last page. `received` counts every entry of the list. */
	next(response: IDataObject, position: number, pageSize: number, received: number): number | undefined;
}

/**
 * What tells the records of a list apart while it is read (`pages()`): the fields named, together (a record without a
 * text or number in each has no key: it is never taken for another), or `content` where the document names none the
 * package can trust (an `id` field, else the whole record once the read stepped back).
 */
export type ListIdentity<Field extends string = string> = readonly [Field, ...Field[]] | 'content';

export type PageLimit = { returnAll: boolean; limit?: number };

export interface Page<T = IDataObject> {
	items: T[];
	next: number | undefined;
	/** Every entry the page held, records or not (what the position counts). */
	received: number;
}

/** What a `recover` lookup answers when the service proves the create was not carried out. */
export const NOT_MADE = 'not made';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	path: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[] | string[];
	/** A value of the path that holds text no address can carry (a lone surrogate): its name, and where. */
	unsendable?: { field: string; at: number };
	/** Sending it twice has the same effect as once (default: every method but POST). */
	idempotent?: boolean;
	itemIndex?: number;
	/** What a 404 is about, e.g. "Dataset". */
	resourceLabel?: string;
	/** What to add to a 404's words for this path, whoever explains it ('' for nothing); read only on a 404. */
	notFoundNote?: (path: string) => string;
	/**
	 * For a request that must not be sent twice, when its answer was lost, given when it was first sent (n8n's clock):
	 * what it created (it took effect); undefined when that is not listed (looked for again until `RECOVERY.windowMs`,
	 * then sent again); `NOT_MADE` when the service shows it was not (another record holds the unique name it sends):
	 * sent again at once. Without it, such a failure stops the node.
	 */
	recover?: (sentAt: number) => Promise<IDataObject | typeof NOT_MADE | undefined>;
	/** Told the service's `Date` header (ms) at each successful answer: a recover lookup judges time on it. */
	serviceTime?: (ms: number | undefined) => void;
	/** Values typed by the user that must never be shown: scrubbed from every later error of the run. */
	secrets?: string[];
	/** Fields of the answer (or of each record of a list) holding a secret the service hands out, kept for the run. */
	answerSecrets?: string[];
	/** What to say when the answer was lost, where the generic words do not cover the outcome. */
	lostAnswer?: { message: string; description: string };
	/** Explains an error answer in this endpoint's own words, or undefined for the generic explanation. */
	explain?: (failure: Failure, details: string[]) => { message: string; description: string } | undefined;
	/** What a successful answer must hold (`check.ts`); a JSON object by default, or nothing for a DELETE. */
	answer?: AnswerSpec | PageStyle;
	/** A list's: what tells its records apart (the table's `identity`); `content` where unset. */
	identity?: ListIdentity;
	/** No retry waits past this moment (ms since the epoch). */
	deadline?: number;
	/**
	 * Clean-up that must happen even when the run ends early: sent on an abort signal of its own (not the execution's,
	 * which a cancel aborts), also after the node stopped its other requests, within `RETRY.cleanupTimeoutMs`.
	 */
	cleanup?: boolean;
}
