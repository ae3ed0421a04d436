import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { connectionFailure, isKnownFailureCode, isLoginError, type LoginError } from '../http/failures';
import { ANSWER_LIMITS, headerOf, parseBody, readBounded, truncate } from '../http/answers';

/** What is known of one failed attempt, with nothing of the request (headers, tokens) kept. */
export interface Failure {
	status?: number;
	body?: unknown;
	/** A Node.js network or certificate error code when no answer came back. */
	code?: string;
	retryAfter?: string;
	/** From a gateway's `RateLimit-Policy` header (`20;w=1`: 20 requests a second). */
	ratePerSecond?: number;
	location?: string;
	/** The answer began (status 2xx) and its body was cut off: a dropped connection, whatever the status said. */
	cutOff?: boolean;
	timeoutMs?: number;
	/**
	 * n8n's login (preAuthentication) failed: already explained for the user. A throttled login's `retryAfterMs` is
	 * its wait, to the millisecond: the node run pauses for it as for a 429's Retry-After.
	 */
	login?: LoginError;
}

interface AxiosLike {
	response?: { status?: number; data?: unknown; headers?: Record<string, unknown> };
	code?: string;
	cause?: unknown;
}

/** The rate of a `RateLimit-Policy` header (the IETF draft's `<quota>;w=<seconds>`, first policy only), per second. */
export function ratePolicy(value: string | undefined): number | undefined {
	const [quota, ...parameters] = (value ?? '')
		.split(',')[0]
		.split(';')
		.map((part) => part.trim());
	const seconds = Number(parameters.find((parameter) => /^w\s*=\s*\d+$/.test(parameter))?.split('=')[1]);
	return /^\d+$/.test(quota) && Number(quota) > 0 && seconds > 0 ? Number(quota) / seconds : undefined;
}

/** The error and what caused it, five deep at most (n8n's NodeApiError wraps axios's error). */
function causes(error: unknown): AxiosLike[] {
	const chain: AxiosLike[] = [];
	for (let at = error; at && typeof at === 'object' && chain.length < 5; at = (at as AxiosLike).cause)
		chain.push(at as AxiosLike);
	return chain;
}

/** Reads status, body and network code from what httpRequestWithAuthentication threw (a NodeApiError around axios). */
export function readFailure(error: unknown): Failure {
	const chain = causes(error);
	const login = chain.find(isLoginError);
	if (login) return { login };
	const withResponse = chain.find((entry) => entry.response?.status !== undefined);
	if (withResponse?.response) {
		const { status = 0, data, headers = {} } = withResponse.response;
		// A success status only reaches an error when its body broke off mid-stream.
		if (status >= 200 && status < 300) return { code: 'ECONNRESET', cutOff: true };
		const parsed = parseBody(data);
		return {
			status,
			body: parsed.kind === 'json' ? parsed.value : parsed.kind === 'not-json' ? parsed.text : undefined,
			retryAfter: headerOf(headers, 'retry-after'),
			ratePerSecond: ratePolicy(headerOf(headers, 'ratelimit-policy')),
			location: headerOf(headers, 'location'),
		};
	}
	const withCode = chain.find(
		(entry) => typeof entry.code === 'string' && (/^E[A-Z_]+$/.test(entry.code) || isKnownFailureCode(entry.code)),
	);
	return { code: withCode?.code ?? 'UNKNOWN' };
}

/** As `readFailure`, after reading a streamed error body (within ANSWER_LIMITS.errorBytes, else no body). */
export async function readFailureBounded(error: unknown, signal?: AbortSignal): Promise<Failure> {
	for (const { response } of causes(error)) {
		if (typeof response?.data !== 'object' || response.data === null) continue;
		// Over the bound, or cut off while arriving: the status alone tells what happened.
		const body = await readBounded(response.data, ANSWER_LIMITS.errorBytes, signal).catch(() => undefined);
		response.data = body && 'text' in body ? body.text : undefined;
	}
	return readFailure(error);
}

/** A service can answer a megabyte of detail: what is shown stays readable. */
const DETAIL_LIMITS = { entries: 20, characters: 500 };

/** FastAPI answers `detail` as a string, or as a list of `{loc, msg}` for validation errors. */
export function formatDetail(body: unknown): string[] {
	const detail = body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
	if (typeof detail === 'string') return [truncate(detail, DETAIL_LIMITS.characters)];
	if (!Array.isArray(detail)) return [];
	const lines = detail.slice(0, DETAIL_LIMITS.entries).map((entry: { loc?: unknown[]; msg?: unknown } | null) => {
		const loc = Array.isArray(entry?.loc) ? entry.loc : [];
		const field = (['body', 'query', 'path'].includes(String(loc[0])) ? loc.slice(1) : loc).join('.');
		const msg = String(entry?.msg ?? 'invalid value');
		return truncate(field ? `${field}: ${msg}` : msg, DETAIL_LIMITS.characters);
	});
	if (detail.length > DETAIL_LIMITS.entries) lines.push(`… and ${detail.length - DETAIL_LIMITS.entries} more`);
	return lines;
}

/** What a NodeApiError says, built apart from it so the transport can scrub it first. */
export interface Explained {
	message: string;
	description: string;
	httpCode?: string;
	details?: string[];
}

/** The words for a failed request: what happened, and what to do. */
export function explainFailure(
	failure: Failure,
	context: { resourceLabel?: string; host: string; attempts: number },
): Explained {
	const { status } = failure;
	const details = formatDetail(failure.body);
	const retried = context.attempts > 1 ? ` It was tried ${context.attempts} times.` : '';
	let message: string;
	let description: string;

	if (failure.login) {
		message = failure.login.message;
		description = failure.login.description;
	} else if (failure.timeoutMs !== undefined) {
		message = `The Media Analysis Service at ${context.host} did not answer within ${failure.timeoutMs / 1000} seconds`;
		description = `The service may be overloaded; try again later.${retried}`;
	} else if (failure.cutOff) {
		message = `The answer of the Media Analysis Service at ${context.host} was cut off before its end`;
		description = `The connection broke while the answer was arriving; try again.${retried}`;
	} else if (status === undefined) {
		({ message, description } = connectionFailure(context.host, failure.code, retried));
	} else if (status === 400) {
		message = `The Media Analysis Service rejected the request: ${details[0] ?? 'bad request'}`;
		description = 'Check the parameters of this operation and try again.';
	} else if (status === 401) {
		message = 'The Media Analysis Service did not accept the access token';
		description =
			'n8n logged in again and the service still refused the request. Open the Media Analysis credential and press "Test" to check it.';
	} else if (status === 403) {
		message = `Your Media Analysis account is not allowed to do this${details[0] ? `: ${details[0]}` : ''}`;
		description =
			'Ask a Media Analysis administrator for a role that grants this permission on the dataset, or use a credential that has it.';
	} else if (status === 404) {
		const what = context.resourceLabel ?? 'The requested resource';
		// The service's detail adds nothing when it is "Not Found" or says the same ("Dataset not found").
		const adds =
			details[0] && details[0] !== 'Not Found' && details[0].toLowerCase() !== `${what} not found`.toLowerCase();
		message = `${what} not found${adds ? `: ${details[0]}` : ''}`;
		description = `Check the ID: it may be mistyped or deleted. Choosing "From list" shows what exists.`;
	} else if (status === 414) {
		message = `The address of the request was too long for the Media Analysis Service at ${context.host} (status 414)`;
		description =
			'A filter or list of IDs in the address made it longer than the service or a gateway in front of it accepts. Send fewer values per item: split the list over several items (for example with the Loop Over Items node).';
	} else if (status === 422) {
		message = `The Media Analysis Service rejected the request as invalid: ${details[0] ?? 'validation failed'}${details.length > 1 ? ` (and ${details.length - 1} more problem${details.length === 2 ? '' : 's'})` : ''}`;
		description = `${details.join('\n') || 'No details were given.'}\nCorrect the parameters named above and run again.`;
	} else if (status === 429) {
		message = 'The Media Analysis Service is limiting how fast requests can be sent';
		description = `Wait a little and run again, or lower the batch size.${retried}`;
	} else if (status >= 500) {
		message = `The Media Analysis Service failed to answer (status ${status})`;
		description = `This is a problem on the service side; try again later.${retried}`;
	} else {
		message = `The Media Analysis Service answered with status ${status}${details[0] ? `: ${details[0]}` : ''}`;
		description = 'Check the parameters of this operation.';
	}

	const httpCode = status !== undefined ? String(status) : failure.login?.loginStatus;
	return { message, description, httpCode, details };
}

/**
 * The one way this package builds a NodeApiError. Only a numeric HTTP status is passed as its code: n8n replaces
 * the message of an error whose code is a network code (ECONNRESET, …) with a generic text.
 */
export function explainedError(
	node: INode,
	{ message, description, httpCode, itemIndex, details = [] }: Explained & { itemIndex?: number },
): NodeApiError {
	const numericCode = httpCode && /^\d{3}$/.test(httpCode) ? httpCode : undefined;
	const response: JsonObject = { message, description };
	if (numericCode) response.httpCode = numericCode;
	if (details.length) response.details = details;
	return new NodeApiError(node, response, { message, description, httpCode: numericCode, itemIndex });
}
