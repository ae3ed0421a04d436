/** What came back from the service, judged before anything is built from it; shared by the transport and the login. */
import type { IDataObject } from 'n8n-workflow';

import { HINTS } from './failures';

/** Same-origin redirects followed in a row (the service itself should need none). */
const MAX_REDIRECTS = 5;

export const REDACTED = '[redacted]';

/** Keys whose values are secrets wherever a record holds them (passwords, client secrets, tokens). */
export const SECRET_KEY = /password|secret|token$/i;

/** Secrets quoted back in words, known or not: `Bearer …` / `Basic …` values, `client_secret=…`. */
const CREDENTIAL_PATTERNS = [
	/\b(Bearer|Basic)(\s+)[A-Za-z0-9\-._~+/]{12,}=*/gi,
	/\b(client_secret)(["']?\s*[:=]\s*["']?)[^\s"',;&}]{4,}/gi,
];

/** The forms a known secret can be echoed in: as typed, percent-encoded, and inside an HTTP Basic header. */
function secretForms(secrets: readonly string[], basicPairs: ReadonlyArray<[string, string]>): string[] {
	const forms = secrets.filter((secret) => secret.length >= 4);
	for (const secret of [...forms]) forms.push(encodeURIComponent(secret));
	for (const [user, password] of basicPairs) {
		if (password) forms.push(Buffer.from(`${user}:${password}`).toString('base64'));
	}
	// Longest first, so a secret that contains another is replaced whole.
	return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/** The texts a structure holds under secret keys (an echoed record), so they are scrubbed wherever else it quotes them. */
function valuesUnderSecretKeys(value: unknown, found: string[] = [], depth = 0): string[] {
	if (depth > 20 || value === null || typeof value !== 'object') return found;
	for (const [key, entry] of Object.entries(value)) {
		if (typeof entry === 'string' && SECRET_KEY.test(key)) found.push(entry);
		else valuesUnderSecretKeys(entry, found, depth + 1);
	}
	return found;
}

/**
 * The one secret scrubber, deeply through texts, arrays and objects: known secrets, values under a secret key (and
 * wherever else they are quoted), quoted Bearer/Basic values and client secrets. Every message built from what a
 * server sent passes it, and so do the records a node outputs and the node copy an error carries.
 */
export function scrubSecrets(
	value: unknown,
	secrets: readonly string[],
	basicPairs: ReadonlyArray<[string, string]> = [],
): unknown {
	const forms = secretForms([...secrets, ...valuesUnderSecretKeys(value)], basicPairs);
	const scrubText = (text: string) =>
		CREDENTIAL_PATTERNS.reduce(
			(scrubbed, pattern) => scrubbed.replace(pattern, `$1$2${REDACTED}`),
			forms.reduce((scrubbed, secret) => scrubbed.split(secret).join(REDACTED), text),
		);
	const scrub = (item: unknown, depth: number): unknown => {
		if (typeof item === 'string') return scrubText(item);
		if (depth > 20 || item === null || typeof item !== 'object') return item;
		if (Array.isArray(item)) return item.map((entry) => scrub(entry, depth + 1));
		return Object.fromEntries(
			Object.entries(item).map(([key, entry]) => [
				scrubText(key),
				SECRET_KEY.test(key) && entry !== null && entry !== undefined && entry !== ''
					? REDACTED
					: scrub(entry, depth + 1),
			]),
		);
	};
	return scrub(value, 0);
}

/** A record as a node outputs it: each value under a secret key is replaced, whether or not the service masked it. */
export function redactSecrets(record: object): IDataObject {
	return scrubSecrets(record, []) as IDataObject;
}

/** `scrubSecrets` with a credential's secrets (and their Basic pair) and `known` ones. */
export function scrubberFor(
	credentials: Record<string, unknown>,
	known: Iterable<string> = [],
): (value: unknown) => unknown {
	const text = (key: string) => (typeof credentials[key] === 'string' ? (credentials[key] as string) : '');
	const secrets = [...known, ...['accessToken', 'personalToken', 'clientSecret', 'clientId'].map(text)];
	return (value) => scrubSecrets(value, secrets, [[text('clientId'), text('clientSecret')]]);
}

/** Statuses that say "not now" rather than "not you": a request, or a login, is worth another try. */
export const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

export function headerOf(headers: Record<string, unknown> | undefined, name: string): string | undefined {
	const value = headers?.[name];
	return value === undefined ? undefined : String(value);
}

export function truncate(text: string, max: number): string {
	return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** The start of a body, on one line: `text/html: "<!doctype html><html>…"`. */
export function describeBody(text: string, contentType: string | undefined): string {
	const type = contentType?.split(';')[0].trim() || 'no content type';
	const oneLine = text
		.replace(/\p{Cc}+/gu, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	if (oneLine === '') return `${type}, empty body`;
	return `${type}: "${oneLine.length > 80 ? `${oneLine.slice(0, 80)}…` : oneLine}"`;
}

/**
 * Bounds on what is read of an answer, counted after decompression (a 2 MB gzip body can unpack to gigabytes).
 * The service's deepest answer nests a few levels; thousands would overflow the stack of whatever walks it next.
 */
export const ANSWER_LIMITS = {
	apiBytes: 64 * 1024 * 1024,
	errorBytes: 1024 * 1024,
	loginBytes: 1024 * 1024,
	maxDepth: 128,
	/** The API answers of one node run being read at once, together (`AnswerBudget`). */
	runBytes: 128 * 1024 * 1024,
};

type Stream = AsyncIterable<unknown> & { destroy?: (error?: Error) => void };

const isStream = (body: unknown): body is Stream =>
	typeof body === 'object' && body !== null && typeof (body as Stream)[Symbol.asyncIterator] === 'function';

type BoundedBody = { text: string } | { overBytes: number };

export interface AnswerShare {
	held: number;
}

/**
 * The bytes of the answers one node run is reading at once (ANSWER_LIMITS.runBytes), so 50 items side by side cannot
 * each hold an answer near the 64 MB cap. The answer read the longest may always read up to its own cap; the others
 * together read within what is left after that cap, and wait for it. So the total never passes the budget, the oldest
 * answer being read always moves on, and a request with no answer yet holds nobody back.
 */
export class AnswerBudget {
	held = 0;
	peak = 0;
	/** Opened, those reading in the order they began (`take` moves a share to the end at its first bytes). */
	private readonly open: AnswerShare[] = [];
	private readonly waiting = new Set<() => void>();

	share(): AnswerShare {
		const share = { held: 0 };
		this.open.push(share);
		return share;
	}

	private fits(share: AnswerShare, bytes: number): boolean {
		// Not the oldest opened: a request the service never answers would hold every large answer back.
		const reading = this.open.find((open) => open.held > 0) ?? share;
		if (reading === share) return true;
		return this.held - reading.held + bytes <= ANSWER_LIMITS.runBytes - ANSWER_LIMITS.apiBytes;
	}

	/** Adds `bytes` to the share, waiting while they do not fit (an aborted `signal` ends the wait with an error). */
	async take(share: AnswerShare, bytes: number, signal?: AbortSignal): Promise<void> {
		while (!this.fits(share, bytes)) {
			if (signal?.aborted) throw new Error("The answer was abandoned while waiting for the run's answer budget");
			await new Promise<void>((resolve) => {
				const wake = () => {
					this.waiting.delete(wake);
					signal?.removeEventListener('abort', wake);
					resolve();
				};
				this.waiting.add(wake);
				signal?.addEventListener('abort', wake, { once: true });
			});
		}
		// Its first bytes: it reads after those already reading, which keep their turn (an older request whose answer
		// came late taking the oldest's place would let two answers read up to their cap at once, past the budget).
		const at = this.open.indexOf(share);
		if (share.held === 0 && bytes > 0 && at >= 0) this.open.push(...this.open.splice(at, 1));
		share.held += bytes;
		this.held += bytes;
		this.peak = Math.max(this.peak, this.held);
	}

	/** Safe to call twice. */
	close(share: AnswerShare): void {
		const at = this.open.indexOf(share);
		if (at === -1) return;
		this.open.splice(at, 1);
		this.held -= share.held;
		share.held = 0;
		for (const wake of [...this.waiting]) wake();
	}
}

/**
 * Reads a body n8n handed over as a stream (already decompressed) as text, ending the download as soon as it passes
 * `maxBytes` or `signal` aborts. With a `budget`, each chunk is drawn from the run's budget before it is kept.
 */
export async function readBounded(
	body: unknown,
	maxBytes: number,
	signal?: AbortSignal,
	budget?: { from: AnswerBudget; share: AnswerShare },
): Promise<BoundedBody> {
	if (!isStream(body)) {
		if (body === undefined || body === null) return { text: '' };
		const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : JSON.stringify(body);
		const bytes = Buffer.byteLength(text);
		return bytes > maxBytes ? { overBytes: bytes } : { text };
	}
	const stop = () => body.destroy?.();
	signal?.addEventListener('abort', stop, { once: true });
	const chunks: Buffer[] = [];
	let bytes = 0;
	try {
		for await (const chunk of body) {
			const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
			bytes += piece.byteLength;
			if (bytes > maxBytes) return { overBytes: bytes };
			await budget?.from.take(budget.share, piece.byteLength, signal);
			chunks.push(piece);
		}
		return { text: Buffer.concat(chunks).toString('utf8') };
	} finally {
		signal?.removeEventListener('abort', stop);
		// Leaving early (bound, abort, error) must end the download, not leave the rest in flight.
		stop();
	}
}

/** So its connection is not held open. */
export function discardBody(body: unknown): void {
	if (isStream(body)) body.destroy?.();
}

export type ParsedBody =
	| { kind: 'empty' }
	| { kind: 'json'; value: unknown }
	| { kind: 'not-json'; text: string }
	| { kind: 'too-deep'; depth: number };

/** How deep arrays and objects nest in a JSON text, counted without parsing, stopping once past `max`. */
function nestingDepth(text: string, max: number): number {
	let depth = 0;
	let deepest = 0;
	let inString = false;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (inString) {
			if (code === 0x5c)
				i++; // backslash: the next character is escaped
			else if (code === 0x22) inString = false;
		} else if (code === 0x22) {
			inString = true;
		} else if (code === 0x5b || code === 0x7b) {
			if (++depth > deepest && (deepest = depth) > max) return deepest;
		} else if (code === 0x5d || code === 0x7d) {
			depth--;
		}
	}
	return deepest;
}

/** Whether a text holds at most `max` of `[` and `{`: then it cannot nest deeper, and needs no full scan. */
function fewOpeners(text: string, max: number): boolean {
	const opener = /[[{]/g;
	for (let count = 0; opener.exec(text) !== null; ) if (++count > max) return false;
	return true;
}

/** Reads a body n8n handed over as text (or already parsed, as older n8n releases do), within the nesting bound. */
export function parseBody(body: unknown): ParsedBody {
	// A stream nobody read (an error answer n8n handled itself) holds nothing to show.
	if (body === undefined || body === null || body === '' || isStream(body)) return { kind: 'empty' };
	if (typeof body !== 'string' && !Buffer.isBuffer(body)) return { kind: 'json', value: body };
	// Some servers write a byte order mark before UTF-8 JSON.
	const text = String(body).replace(/^\uFEFF/, '');
	if (text.trim() === '') return { kind: 'empty' };
	if (!fewOpeners(text, ANSWER_LIMITS.maxDepth)) {
		const depth = nestingDepth(text, ANSWER_LIMITS.maxDepth);
		if (depth > ANSWER_LIMITS.maxDepth) return { kind: 'too-deep', depth };
	}
	try {
		return { kind: 'json', value: JSON.parse(text) as unknown };
	} catch {
		return { kind: 'not-json', text };
	}
}

export function jsonKind(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	if (typeof value === 'object') return 'an object';
	return `a ${typeof value}`;
}

/**
 * Why a Base URL cannot be used, or undefined. A user name or password in it would be sent as HTTP Basic
 * authentication in place of the credential's own, so it is refused, and never repeated back.
 */
export function baseUrlProblem(baseUrl: string): { message: string; description: string } | undefined {
	let url: URL;
	try {
		url = new URL(baseUrl);
	} catch {
		return undefined; // An unreadable address fails at the request with its own message.
	}
	if (url.username === '' && url.password === '') return undefined;
	return {
		message: 'The Base URL in the Media Analysis credential contains a user name or password; nothing was sent',
		description:
			'Remove the part before "@" from the Base URL (e.g. https://api.coactive.ai). The service is reached with the personal token or the system credentials only; if that part was a password, change it, as it was stored in plain sight.',
	};
}

/** A host as a user knows it; the whole origin when only the scheme or port tells two addresses apart. */
function shown(url: URL, other: URL): string {
	return url.host === other.host ? url.origin : url.host;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type RedirectVerdict =
	| { follow: string; method: string; dropBody: boolean }
	| { refuse: { message: string; description: string } };

const refuse = (message: string, description: string): RedirectVerdict => ({ refuse: { message, description } });

const MOVED_HINT =
	'If the Media Analysis Service has moved, set the Base URL in the credential to its new address; otherwise ask whoever runs the service about the redirect.';

/**
 * Whether to follow one 3xx answer: only to the Base URL's origin (a credential never goes anywhere else) over
 * http(s), never in a loop or more than MAX_REDIRECTS times, and a POST only where the status keeps it (307/308).
 */
export function judgeRedirect(options: {
	what: string;
	method: string;
	status: number;
	location: string | undefined;
	currentUrl: string;
	baseUrl: string;
	visited: readonly string[];
}): RedirectVerdict {
	const { what, method, status, location, currentUrl, baseUrl, visited } = options;
	if (!location) {
		return refuse(
			`The Media Analysis Service answered ${what} with a ${status} redirect that does not say where to (no Location header)`,
			`A redirect needs a Location. ${HINTS.baseUrl}`,
		);
	}
	let next: URL;
	try {
		next = new URL(location, currentUrl);
	} catch {
		return refuse(
			`The Media Analysis Service answered ${what} with a ${status} redirect to an address that cannot be read`,
			`${HINTS.baseUrl} ${MOVED_HINT}`,
		);
	}
	const base = new URL(baseUrl);
	if (next.protocol !== 'http:' && next.protocol !== 'https:') {
		return refuse(
			`The Media Analysis Service answered ${what} with a redirect to a ${next.protocol} address, which n8n does not follow`,
			`Only http and https addresses of the Base URL's host are followed. ${MOVED_HINT}`,
		);
	}
	if (next.origin !== base.origin) {
		return refuse(
			`${capitalized(what)} was redirected from ${shown(base, next)} to ${shown(next, base)}; n8n did not follow it`,
			`Following it would have sent your Media Analysis credential to another host. ${MOVED_HINT}`,
		);
	}
	if (visited.includes(next.href) || visited.length > MAX_REDIRECTS) {
		const loop = visited.includes(next.href) ? ' in a loop' : '';
		return refuse(
			`${capitalized(what)} was redirected${loop} on ${base.host}; n8n stopped after ${visited.length} redirects`,
			`The service keeps sending the request elsewhere without answering it. ${HINTS.baseUrl}`,
		);
	}
	const upper = method.toUpperCase();
	if (status === 303 || ((status === 301 || status === 302) && upper === 'GET')) {
		return { follow: next.href, method: 'GET', dropBody: true };
	}
	if (status === 307 || status === 308) return { follow: next.href, method: upper, dropBody: false };
	return refuse(
		`The Media Analysis Service answered ${what} with a ${status} redirect, which n8n does not follow for a ${upper}`,
		`Sending the ${upper} to ${next.pathname} could change what it does. ${HINTS.baseUrl}`,
	);
}
