/* eslint-disable @n8n/community-nodes/no-restricted-imports --
	Development code (sandbox and tests), never published: the n8n Cloud rules for node code do not apply. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ParsedBody =
	| { kind: 'none' }
	| { kind: 'json'; value: unknown }
	| { kind: 'invalid-json'; text: string }
	| { kind: 'raw'; text: string; contentType: string };

export interface Reply {
	status: number;
	body?: unknown;
	/** Sent as is instead of JSON (a file such as query results); give its content-type in `headers`. */
	raw?: string;
	headers?: Record<string, string>;
}

/** Thrown anywhere inside a handler; the pipeline turns it into a FastAPI-style `{"detail": ...}` reply. */
export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly detail: unknown,
		readonly headers: Record<string, string> = {},
	) {
		super(typeof detail === 'string' ? detail : `HTTP ${status}`);
	}
}

export function jsonReply(status: number, body: unknown, headers?: Record<string, string>): Reply {
	return { status, body, headers };
}

export function errorReply(error: HttpError): Reply {
	return { status: error.status, body: { detail: error.detail }, headers: error.headers };
}

export const notFound = () => new HttpError(404, 'Not Found');

export function sendReply(res: ServerResponse, reply: Reply): void {
	const payload = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
	res.writeHead(reply.status, {
		...(payload ? { 'content-type': 'application/json' } : {}),
		'content-length': Buffer.byteLength(payload),
		...reply.headers,
	});
	res.end(payload);
}

const MAX_BODY_BYTES = 25 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<ParsedBody> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		const buffer = chunk as Buffer;
		size += buffer.length;
		if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
		chunks.push(buffer);
	}
	if (size === 0) return { kind: 'none' };
	const text = Buffer.concat(chunks).toString('utf8');
	const contentType = req.headers['content-type'];
	// Same rule as FastAPI: no content type, or application/json or application/*+json, is read as JSON.
	if (contentType && !isJsonContentType(contentType)) return { kind: 'raw', text, contentType };
	try {
		return { kind: 'json', value: JSON.parse(text) as unknown };
	} catch {
		return { kind: 'invalid-json', text };
	}
}

function isJsonContentType(contentType: string): boolean {
	const mediaType = contentType.split(';')[0].trim().toLowerCase();
	return mediaType === 'application/json' || (mediaType.startsWith('application/') && mediaType.endsWith('+json'));
}

export type QueryValues = Record<string, string[]>;

/** Every key with all of its values in order, as Starlette keeps them; `a[0]=x` stays a key named `a[0]`. */
export function parseQuery(rawQuery: string): QueryValues {
	const values: QueryValues = {};
	for (const [key, value] of new URLSearchParams(rawQuery)) {
		(values[key] ??= []).push(value);
	}
	return values;
}

type RouteLookup<R> =
	| { kind: 'found'; route: R; params: Record<string, string> }
	| { kind: 'method-not-allowed'; allowed: HttpMethod[] }
	| { kind: 'not-found' };

interface CompiledRoute<R> {
	method: HttpMethod;
	segments: string[];
	route: R;
}

/**
 * Matches `METHOD /path/{param}` patterns; a `{param}` takes exactly one non-empty path segment. When several
 * patterns match, the one with a literal segment where the others have a parameter wins (`…/aggregations/-/result`
 * before `…/aggregations/{aggregation_id}/result`), whatever the order the routes were added in.
 */
export class Router<R extends { method: HttpMethod; path: string }> {
	private readonly routes: Array<CompiledRoute<R>> = [];

	constructor(routes: readonly R[] = []) {
		for (const route of routes) this.add(route);
	}

	add(route: R): void {
		this.routes.push({ method: route.method, segments: splitPath(route.path), route });
	}

	lookup(method: string, path: string): RouteLookup<R> {
		const segments = splitPath(path);
		const allowed: HttpMethod[] = [];
		let best: { candidate: CompiledRoute<R>; params: Record<string, string> } | undefined;
		for (const candidate of this.routes) {
			const params = matchSegments(candidate.segments, segments);
			if (!params) continue;
			if (candidate.method !== method) allowed.push(candidate.method);
			else if (!best || moreLiteral(candidate.segments, best.candidate.segments)) best = { candidate, params };
		}
		if (best) return { kind: 'found', route: best.candidate.route, params: best.params };
		return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
	}
}

const isParameter = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/** Whether `a` has a literal segment first where `b` has a parameter (both match the same path). */
function moreLiteral(a: string[], b: string[]): boolean {
	for (let i = 0; i < a.length; i++) {
		if (isParameter(a[i]) !== isParameter(b[i])) return isParameter(b[i]);
	}
	return false;
}

function splitPath(path: string): string[] {
	return path.split('/').slice(1);
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | undefined {
	if (pattern.length !== actual.length) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < pattern.length; i++) {
		const expected = pattern[i];
		if (isParameter(expected)) {
			if (actual[i] === '') return undefined;
			const value = safeDecode(actual[i]);
			if (value === undefined) return undefined;
			params[expected.slice(1, -1)] = value;
		} else if (expected !== actual[i]) {
			return undefined;
		}
	}
	return params;
}

function safeDecode(segment: string): string | undefined {
	try {
		return decodeURIComponent(segment);
	} catch {
		return undefined;
	}
}
