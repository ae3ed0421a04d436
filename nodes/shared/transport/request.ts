import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { describeBody, judgeRedirect, jsonKind, parseBody, scrubSecrets } from './answers';
import { beforeDeadline, TIMED_OUT } from './deadline';
import { explainedError, formatDetail, readFailure, toNodeApiError, type Failure } from './errors';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export const CREDENTIAL_TYPE = 'mediaAnalysisApi';

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the Base URL, e.g. `/api/v1/datasets`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[] | string[];
	/**
	 * Whether sending the request twice has the same effect as once. Defaults to true for every method but POST.
	 * Read-only POSTs (searches, status queries) set it to true so they are retried like GETs.
	 */
	idempotent?: boolean;
	itemIndex?: number;
	/** Names the thing a 404 is about, e.g. "Dataset". */
	resourceLabel?: string;
	/**
	 * For a request that must not be sent twice: when its answer was lost, looks on the service for what it would
	 * have created and returns it (the request took effect), or undefined when it proves the request did not take
	 * effect, so it is sent again. Without it, such a failure stops the node with "may or may not have been carried out".
	 */
	recover?: () => Promise<IDataObject | undefined>;
	/** Values typed by the user that must never be shown (connection passwords, tokens): scrubbed from error answers. */
	secrets?: string[];
	/**
	 * Explains an error answer in this endpoint's own words (e.g. the 403/404/422 meanings of ad segments), or
	 * returns undefined to keep the generic explanation. Not called for retried or network failures.
	 */
	explain?: (failure: Failure, details: string[]) => { message: string; description: string } | undefined;
	/**
	 * What a successful answer must be: a JSON object (the default), a JSON array, or any JSON value. A DELETE may
	 * also answer nothing (read as `{}`). Anything else is one clear error, never an item.
	 */
	answer?: 'object' | 'array' | 'any';
	/** No retry waits past this moment (ms since the epoch); see also `withDeadline`. */
	deadline?: number;
}

/**
 * Bounds on retries and time. An attempt is one exchange with the service (login included), counted in real time
 * so a server that trickles its answer cannot hold it; a request is all its attempts and the waits between them.
 */
export const RETRY = {
	attempts: 5,
	baseDelayMs: 500,
	maxDelayMs: 30_000,
	attemptTimeoutMs: 60_000,
	requestTimeoutMs: 180_000,
};

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const RETRYABLE_NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'EAI_AGAIN']);

/**
 * A failure that proves the service did not act on the request, so even a POST may be sent again. A failed login
 * does: the request itself was not sent, or was answered 401 before it.
 */
function provablyNotProcessed(failure: Failure): boolean {
	return failure.status === 429 || failure.code === 'ECONNREFUSED' || failure.login !== undefined;
}

function isRetryable(failure: Failure): boolean {
	// A login the service throttled or could not serve is worth another try; a refused one is not.
	if (failure.login) return RETRYABLE_STATUS.has(Number(failure.login.httpCode));
	if (failure.status !== undefined) return RETRYABLE_STATUS.has(failure.status);
	return failure.code !== undefined && RETRYABLE_NETWORK.has(failure.code);
}

/**
 * Milliseconds to wait before the next attempt: the server's Retry-After when it is a usable value (whole seconds,
 * or a date still to come), else exponential back-off. An empty, negative or unreadable one is no reason to hurry.
 */
export function retryDelayMs(failure: Failure, attempt: number): number {
	const retryAfter = failure.retryAfter?.trim() ?? '';
	if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
	const date = /[a-z]/i.test(retryAfter) ? Date.parse(retryAfter) : Number.NaN;
	if (date > Date.now()) return date - Date.now();
	return Math.min(RETRY.maxDelayMs, RETRY.baseDelayMs * 2 ** (attempt - 1));
}

/**
 * The one rule for every path (plain retries and the recovery of lost creates): how long to wait before sending
 * again, or undefined when it must not be. A wait longer than the back-off cap, or past the deadline, is not made.
 */
function nextDelay(failure: Failure, attempt: number, deadline: number): number | undefined {
	if (!isRetryable(failure) || attempt >= RETRY.attempts) return undefined;
	const delay = retryDelayMs(failure, attempt);
	if (delay > RETRY.maxDelayMs || Date.now() + delay >= deadline) return undefined;
	return delay;
}

const baseUrls = new WeakMap<object, Promise<string>>();

async function readBaseUrl(context: ApiContext): Promise<string> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	return String(credentials.baseUrl ?? '').replace(/\/+$/, '');
}

/** The credential's Base URL, read once per node run. */
export async function getBaseUrl(this: ApiContext): Promise<string> {
	let url = baseUrls.get(this);
	if (!url) {
		url = readBaseUrl(this);
		baseUrls.set(this, url);
	}
	return await url;
}

const scopedDeadlines = new WeakMap<object, number>();

/**
 * Runs `work` so that no request in it waits to retry past `deadline` (ms since the epoch): what makes Wait for
 * Completion's Timeout a hard bound even when each status read meets a slow or throttling service.
 */
export async function withDeadline<T>(this: ApiContext, deadline: number, work: () => Promise<T>): Promise<T> {
	const outer = scopedDeadlines.get(this);
	scopedDeadlines.set(this, Math.min(deadline, outer ?? Number.POSITIVE_INFINITY));
	try {
		return await work();
	} finally {
		if (outer === undefined) scopedDeadlines.delete(this);
		else scopedDeadlines.set(this, outer);
	}
}

function hostOf(baseUrl: string): string {
	try {
		return new URL(baseUrl).host;
	} catch {
		return baseUrl;
	}
}

/**
 * A path segment that would send the request somewhere else: `.` or `..` (a client or proxy resolves them), or an
 * empty or "undefined" one, where an identifier should be and none was (e.g. an answer that lacked it).
 */
function misplacedSegment(path: string): string | undefined {
	for (const raw of path.split('/').slice(1)) {
		let segment = raw;
		try {
			segment = decodeURIComponent(raw);
		} catch {
			// Not percent-encoded text: checked as it is.
		}
		if (['', '.', '..', 'undefined'].includes(segment.trim())) return raw;
	}
	return undefined;
}

interface Target {
	method: IHttpRequestMethods;
	url: string;
	qs?: IDataObject;
	body?: ApiRequest['body'];
}

interface FullResponse {
	body: unknown;
	headers: Record<string, unknown>;
	statusCode: number;
}

/**
 * Sends one attempt. Redirects are never followed by n8n (apiRequest judges each one: see answers.ts), the body
 * comes back as text so that what the service really sent can be judged, and the attempt has a real-time bound.
 * n8n drops the body of any GET, so no request here has one (see docs/architecture.md).
 */
async function send(this: ApiContext, target: Target, ms: number): Promise<{ response: FullResponse } | { failure: Failure }> {
	const options: IHttpRequestOptions = {
		method: target.method,
		url: target.url,
		qs: target.qs,
		body: target.body,
		json: true,
		arrayFormat: 'repeat',
		encoding: 'text',
		returnFullResponse: true,
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		timeout: ms,
	};
	try {
		const result = await beforeDeadline(ms, async (abortSignal) =>
			(await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, { ...options, abortSignal })) as FullResponse,
		);
		if (result === TIMED_OUT) return { failure: { code: 'ETIMEDOUT', timeoutMs: ms } };
		return { response: result };
	} catch (error) {
		return { failure: readFailure(error) };
	}
}

function headerOf(headers: Record<string, unknown> | undefined, name: string): string | undefined {
	const value = headers?.[name];
	return value === undefined ? undefined : String(value);
}

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const EXPECTED_WORDS = { object: 'a JSON object', array: 'a JSON array', any: 'JSON' };

/** The answer as the document describes it, or one clear error naming the endpoint and what came back. */
async function readAnswer(
	this: ApiContext,
	response: FullResponse,
	request: ApiRequest,
	scrubber: () => Promise<(value: unknown) => unknown>,
): Promise<IDataObject> {
	const expected = request.answer ?? 'object';
	const parsed = parseBody(response.body);
	if (parsed.kind === 'empty' && request.method === 'DELETE') return {};
	if (parsed.kind === 'json') {
		const { value } = parsed;
		if (expected === 'any' || (expected === 'array' ? Array.isArray(value) : isObject(value))) return value as IDataObject;
	}
	const contentType = headerOf(response.headers, 'content-type');
	const scrub = await scrubber();
	const came =
		parsed.kind === 'json'
			? `${jsonKind(parsed.value)} (${describeBody(String(scrub(JSON.stringify(parsed.value))), contentType)})`
			: parsed.kind === 'empty'
				? `an empty body (status ${response.statusCode})`
				: `something that is not JSON (${describeBody(String(scrub(parsed.text)), contentType)})`;
	throw explainedError(this.getNode(), {
		message: `The Media Analysis Service answered ${request.method} ${request.path} with ${came} where ${EXPECTED_WORDS[expected]} was expected`,
		description:
			'Nothing was made from this answer. Check that the Base URL in the credential points at the Media Analysis Service API (not a web page or a proxy), and try again later: the service may be having a problem.',
		itemIndex: request.itemIndex,
	});
}

/**
 * Everything a failure could echo back that must never be shown: what the user typed for this request, and the
 * credential's tokens and secrets (read now, so an access token refreshed during the request is included).
 */
async function secretScrubber(this: ApiContext, request: ApiRequest): Promise<(value: unknown) => unknown> {
	let credentials: IDataObject = {};
	try {
		credentials = (await this.getCredentials(CREDENTIAL_TYPE)) as IDataObject;
	} catch {
		// Without the credential only the typed secrets and the Bearer/Basic patterns are scrubbed.
	}
	const text = (key: string) => (typeof credentials[key] === 'string' ? (credentials[key] as string) : '');
	const secrets = [...(request.secrets ?? []), text('accessToken'), text('personalToken'), text('clientSecret'), text('clientId')];
	return (value) => scrubSecrets(value, secrets, [[text('clientId'), text('clientSecret')]]);
}

/**
 * The one place that talks to the service: authenticated through n8n (login, token refresh on 401), array query
 * parameters as repeated keys (FastAPI ignores `a[0]=`), same-origin redirects only, bounded retries with back-off,
 * answers checked against what the document promises, and readable errors with no secret in them.
 */
export async function apiRequest(this: ApiContext, request: ApiRequest): Promise<IDataObject> {
	const what = `${request.method} ${request.path}`;
	const misplaced = misplacedSegment(request.path);
	if (misplaced !== undefined) {
		throw explainedError(this.getNode(), {
			message: `${what} was not sent: "${misplaced}" cannot stand where an identifier belongs in the path`,
			description:
				'"." and ".." would send the request to another address, and an empty or "undefined" identifier means one is missing (for example because an earlier answer of the service lacked it). Check the identifiers of this item, or use the ID from the service.',
			itemIndex: request.itemIndex,
		});
	}
	const baseUrl = await getBaseUrl.call(this);
	const idempotent = request.idempotent ?? request.method !== 'POST';
	const ownDeadline = Date.now() + RETRY.requestTimeoutMs;
	const deadline = Math.min(ownDeadline, request.deadline ?? Number.POSITIVE_INFINITY, scopedDeadlines.get(this) ?? Number.POSITIVE_INFINITY);
	const scrubber = secretScrubber.bind(this, request);
	let target: Target = { method: request.method, url: `${baseUrl}${request.path}`, qs: request.qs, body: request.body };
	const visited: string[] = [];

	const failWith = async (raw: Failure, attempts: number, note = ''): Promise<never> => {
		const scrub = await scrubber();
		const failure = { ...raw, body: scrub(raw.body) };
		const details = formatDetail(failure.body);
		const explained = failure.status !== undefined ? request.explain?.(failure, details) : undefined;
		if (explained) {
			throw explainedError(this.getNode(), { ...explained, httpCode: String(failure.status), itemIndex: request.itemIndex, details });
		}
		const error = toNodeApiError(this.getNode(), failure, {
			itemIndex: request.itemIndex,
			resourceLabel: request.resourceLabel,
			host: hostOf(baseUrl),
			attempts,
		});
		if (note) error.description = `${error.description ?? ''} ${note}`.trim();
		throw error;
	};
	const mayOrMayNot = (failure: Failure, why: string): never => {
		throw explainedError(this.getNode(), {
			message: `No answer came back for ${what}; it may or may not have been carried out`,
			description: `${why} Check whether it took effect (for example by listing the jobs of the dataset) before running the node again.`,
			httpCode: failure.status !== undefined ? String(failure.status) : undefined,
			itemIndex: request.itemIndex,
		});
	};

	for (let attempt = 1; ; attempt++) {
		const attemptMs = Math.max(1, Math.min(RETRY.attemptTimeoutMs, ownDeadline - Date.now()));
		const outcome = await send.call(this, target, attemptMs);
		if ('response' in outcome) return await readAnswer.call(this, outcome.response, request, scrubber);
		const { failure } = outcome;

		if (failure.status !== undefined && failure.status >= 300 && failure.status < 400) {
			visited.push(target.url);
			const verdict = judgeRedirect({
				what,
				method: target.method,
				status: failure.status,
				location: failure.location,
				currentUrl: target.url,
				baseUrl,
				visited,
			});
			if ('refuse' in verdict) {
				throw explainedError(this.getNode(), { ...verdict.refuse, httpCode: String(failure.status), itemIndex: request.itemIndex });
			}
			target = {
				method: verdict.method as IHttpRequestMethods,
				url: verdict.follow,
				body: verdict.dropBody ? undefined : target.body,
			};
			attempt--;
			continue;
		}

		const delay = nextDelay(failure, attempt, deadline);
		const mayRepeat = idempotent || provablyNotProcessed(failure);
		if (isRetryable(failure) && !mayRepeat) {
			const lost = 'The request may have reached the Media Analysis Service before the connection failed, so it was not sent again (doing so could create a duplicate).';
			if (!request.recover) return mayOrMayNot(failure, lost);
			let created: IDataObject | undefined;
			try {
				created = await request.recover();
			} catch {
				return mayOrMayNot(failure, `${lost} Looking on the service for what it would have created failed too.`);
			}
			if (created) return created;
			if (delay === undefined) return await failWith(failure, attempt, 'It did not take effect on the service.');
			this.logger.debug(`Media Analysis: ${what} lost its answer and did not take effect; sending it again in ${delay} ms`);
			await sleep(delay);
			continue;
		}
		if (delay === undefined) return await failWith(failure, attempt);
		this.logger.debug(
			`Media Analysis: ${what} failed (${failure.status ?? failure.code}); retry ${attempt} of ${RETRY.attempts - 1} in ${delay} ms`,
		);
		await sleep(delay);
	}
}
