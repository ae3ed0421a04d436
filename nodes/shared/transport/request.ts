import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

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
}

export const RETRY = {
	attempts: 5,
	baseDelayMs: 500,
	maxDelayMs: 30_000,
};

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const RETRYABLE_NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'EAI_AGAIN']);

/** A failure that proves the service did not act on the request, so even a POST may be sent again. */
function provablyNotProcessed(failure: Failure): boolean {
	return failure.status === 429 || failure.code === 'ECONNREFUSED';
}

function isRetryable(failure: Failure): boolean {
	if (failure.login) return false;
	if (failure.status !== undefined) return RETRYABLE_STATUS.has(failure.status);
	return failure.code !== undefined && RETRYABLE_NETWORK.has(failure.code);
}

/** Milliseconds to wait before the next attempt: the server's Retry-After when given, else exponential back-off. */
export function retryDelayMs(failure: Failure, attempt: number): number {
	if (failure.retryAfter !== undefined) {
		const seconds = Number(failure.retryAfter);
		if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
		const date = Date.parse(failure.retryAfter);
		if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
	}
	return Math.min(RETRY.maxDelayMs, RETRY.baseDelayMs * 2 ** (attempt - 1));
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

function hostOf(baseUrl: string): string {
	try {
		return new URL(baseUrl).host;
	} catch {
		return baseUrl;
	}
}

/** Sends one attempt. n8n drops the body of any GET, so no request here has one (see docs/architecture.md). */
async function send(this: ApiContext, baseUrl: string, request: ApiRequest): Promise<IDataObject> {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
		qs: request.qs,
		body: request.body,
		json: true,
		arrayFormat: 'repeat',
	};
	return (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options)) as IDataObject;
}

/** A service whose validation quotes its input could echo a secret in an error answer: replace each one. */
function withoutSecrets(failure: Failure, secrets: string[] | undefined): Failure {
	const known = (secrets ?? []).filter((secret) => secret.length > 0);
	if (known.length === 0 || failure.body === undefined) return failure;
	const scrub = (value: unknown): unknown => {
		if (typeof value === 'string') return known.reduce((text, secret) => text.split(secret).join('[redacted]'), value);
		if (Array.isArray(value)) return value.map(scrub);
		if (value && typeof value === 'object') {
			return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item)]));
		}
		return value;
	};
	return { ...failure, body: scrub(failure.body) };
}

/**
 * The one place that talks to the service: authenticated through n8n (login, token refresh on 401), array query
 * parameters as repeated keys (FastAPI ignores `a[0]=`), retries with back-off, and readable errors.
 */
export async function apiRequest(this: ApiContext, request: ApiRequest): Promise<IDataObject> {
	const baseUrl = await getBaseUrl.call(this);
	const idempotent = request.idempotent ?? request.method !== 'POST';
	for (let attempt = 1; ; attempt++) {
		try {
			return await send.call(this, baseUrl, request);
		} catch (error) {
			const failure = withoutSecrets(readFailure(error), request.secrets);
			const context = {
				itemIndex: request.itemIndex,
				resourceLabel: request.resourceLabel,
				host: hostOf(baseUrl),
				attempts: attempt,
			};
			const mayRepeat = idempotent || provablyNotProcessed(failure);
			if (isRetryable(failure) && !mayRepeat && request.recover && attempt < RETRY.attempts) {
				const created = await request.recover();
				if (created) return created;
				this.logger.debug(`Media Analysis: ${request.method} ${request.path} lost its answer and did not take effect; sending it again`);
				await sleep(retryDelayMs(failure, attempt));
				continue;
			}
			if (isRetryable(failure) && !mayRepeat) {
				throw explainedError(this.getNode(), {
					message: `No answer came back for ${request.method} ${request.path}; it may or may not have been carried out`,
					description:
						'The request may have reached the Media Analysis Service before the connection failed, so it was not sent again (doing so could create a duplicate). Check whether it took effect (for example by listing the jobs of the dataset) before running the node again.',
					httpCode: failure.status !== undefined ? String(failure.status) : undefined,
					itemIndex: request.itemIndex,
				});
			}
			const delay = retryDelayMs(failure, attempt);
			if (!isRetryable(failure) || attempt >= RETRY.attempts || delay > RETRY.maxDelayMs) {
				const explained = failure.status !== undefined ? request.explain?.(failure, formatDetail(failure.body)) : undefined;
				if (explained) {
					throw explainedError(this.getNode(), {
						...explained,
						httpCode: String(failure.status),
						itemIndex: request.itemIndex,
						details: formatDetail(failure.body),
					});
				}
				throw toNodeApiError(this.getNode(), failure, context);
			}
			this.logger.debug(
				`Media Analysis: ${request.method} ${request.path} failed (${failure.status ?? failure.code}); retry ${attempt} of ${RETRY.attempts - 1} in ${delay} ms`,
			);
			await sleep(delay);
		}
	}
}
