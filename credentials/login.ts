import { createHash } from 'crypto';
import type { IHttpRequestHelper, IHttpRequestOptions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import {
	ANSWER_LIMITS,
	baseUrlProblem,
	describeBody,
	discardBody,
	headerOf,
	judgeRedirect,
	jsonKind,
	parseBody,
	readBounded,
	RETRYABLE_STATUS,
	scrubberFor,
} from '../nodes/shared/http/answers';
import { beforeDeadline, TIMED_OUT } from '../nodes/shared/http/deadline';
import { connectionFailure, HINTS, hostOf, LoginError, retryAfterMs } from '../nodes/shared/http/failures';

export { isLoginError, LoginError } from '../nodes/shared/http/failures';

type LoginKind = 'personalToken' | 'systemCredentials';

interface HttpFailure {
	response?: { status?: number; data?: unknown; headers?: Record<string, unknown> };
	code?: string;
	cause?: HttpFailure;
}

function loginFailure(kind: LoginKind, baseUrl: string, failure: HttpFailure, answer: HttpFailure['response']) {
	const status = answer?.status;
	const host = hostOf(baseUrl);

	if (status === undefined) {
		const { message, description } = connectionFailure(host, failure.code ?? failure.cause?.code);
		return new LoginError(message, description);
	}
	const asked = retryAfterMs(headerOf(answer?.headers, 'retry-after'));
	// What the service asked for (0: it did not say); startLogin decides the wait and says it.
	const waitMs = RETRYABLE_STATUS.has(status) ? (asked ?? 0) : undefined;
	if (status === 401 || status === 403) {
		return kind === 'personalToken'
			? new LoginError(
					`The Media Analysis Service rejected the personal token: ${HINTS.newToken}`,
					HINTS.tokenExpiry,
					String(status),
				)
			: new LoginError(
					`The Media Analysis Service rejected the client ID and client secret: ${HINTS.systemCredentials}`,
					'Check both values in the credential. Only system administrators can issue system credentials: ask one to confirm they are still valid or to regenerate them.',
					String(status),
				);
	}
	if (status === 429) {
		return new LoginError(
			`The Media Analysis Service at ${host} is limiting how fast logins can be made`,
			'If it keeps happening, fewer workflows logging in at the same moment helps: each credential logs in once an hour.',
			'429',
			waitMs,
		);
	}
	if (status === 404) {
		return new LoginError(`No login endpoint at ${host} (404)`, HINTS.baseUrl, '404');
	}
	return new LoginError(
		`Login to the Media Analysis Service at ${host} failed with status ${status}`,
		status >= 500 ? 'The service had a problem; try again in a few minutes.' : 'Check the credential settings.',
		String(status),
		waitMs,
	);
}

/** How long no login is tried after the `inARow`th throttled one in a row, and what to tell the user. */
function throttleWait(askedMs: number, inARow: number): { waitMs: number; words: string } {
	const { firstBackOffMs, inARow: most, restMs, longestMs, waitedMs } = LOGIN_LIMITS.throttle;
	const resting = inARow >= most;
	const waitMs = Math.min(Math.max(askedMs, resting ? restMs : firstBackOffMs * 2 ** (inARow - 1)), longestMs);
	const seconds = Math.ceil(waitMs / 1000);
	const words =
		waitMs <= waitedMs
			? 'Wait a minute and run again.'
			: askedMs >= waitMs
				? `The service asked to wait ${seconds} seconds before the next login, longer than n8n waits within a run. Run again after that.`
				: `The service refused ${inARow} logins in a row, so n8n tries no other for ${seconds} seconds. Run again after that.`;
	return { waitMs, words };
}

/** Login bounds: one exchange (real time, a trickled answer included), and an access token fit for a header. */
export const LOGIN_LIMITS = {
	timeoutMs: 30_000,
	maxTokenLength: 8192,
	/** How long a token just obtained answers a refresh asked with an older token (see logIn). */
	shareMs: 30_000,
	/** Logins of this process kept at once; the oldest settled ones go first. */
	maxShared: 100,
	/**
	 * A login answered 429/502/503/504: no login for this credential until the service's Retry-After, at least
	 * firstBackOffMs doubled for each one in a row, and restMs after `inARow` of them (at most longestMs). A node run
	 * waits up to waitedMs for it, so one episode costs at most `inARow` logins whatever the number of items.
	 */
	throttle: {
		firstBackOffMs: 1000,
		inARow: 3,
		restMs: 60_000,
		longestMs: 300_000,
		waitedMs: 30_000,
		/**
		 * A login asked for with at most this much of the wait left waits it out here (more is thrown, for the transport's
		 * retry delay). n8n hands a login no cancel signal, so a cancel does not end this wait: the cancelled attempt is
		 * abandoned at once, and one login may follow the wait (test/reliability/login-throttle.test.ts).
		 */
		waitInsideMs: 1000,
		memoryMs: 60_000,
	},
};

type LoginCredentials = Record<string, unknown>;

const text = (credentials: LoginCredentials, key: string) =>
	typeof credentials[key] === 'string' ? (credentials[key] as string) : '';

/** Where a login answered with a redirect goes next, or the LoginError that explains the failure. */
function redirectedLogin(kind: LoginKind, baseUrl: string, error: unknown, visited: string[]): string {
	const failure = (error ?? {}) as HttpFailure;
	const answer = failure.response ?? failure.cause?.response;
	discardBody(answer?.data);
	const status = answer?.status ?? 0;
	if (status < 300 || status >= 400) throw loginFailure(kind, baseUrl, failure, answer);
	const verdict = judgeRedirect({
		what: 'the login (POST /api/v0/login)',
		method: 'POST',
		status,
		location: headerOf(answer?.headers, 'location'),
		currentUrl: visited[visited.length - 1],
		baseUrl,
		visited,
	});
	if ('refuse' in verdict) throw new LoginError(verdict.refuse.message, verdict.refuse.description, String(status));
	return verdict.follow;
}

/**
 * What an access token was obtained with (Base URL, kind and secret), as a SHA-256 hash saved beside the token: a
 * token whose hash no longer matches the credential is never sent.
 */
export function credentialFingerprint(credentials: LoginCredentials): string {
	const parts = [
		text(credentials, 'baseUrl').replace(/\/+$/, ''),
		credentials.authentication === 'systemCredentials'
			? ['system', text(credentials, 'clientId'), text(credentials, 'clientSecret')]
			: ['personal', text(credentials, 'personalToken')],
	];
	return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

interface SharedLogin {
	pending?: Promise<string>;
	/** The token just obtained: until `doneAt`, it answers a refresh asked with an older one. */
	value?: string;
	throttled?: { error: LoginError; retryAt: number; inARow: number };
	/** When this entry has nothing more to give and is dropped. */
	doneAt: number;
}

/** Logins of this process by credential fingerprint and TLS setting (never by the secrets). */
const sharedLogins = new Map<string, SharedLogin>();

/** For tests: the keys of the logins held now. */
export function sharedLoginsHeld(): string[] {
	return [...sharedLogins.keys()];
}

function forgetDone(now: number): void {
	for (const [key, entry] of sharedLogins) {
		if (!entry.pending && entry.doneAt <= now) sharedLogins.delete(key);
	}
	for (const [key, entry] of sharedLogins) {
		if (sharedLogins.size < LOGIN_LIMITS.maxShared) break;
		if (!entry.pending) sharedLogins.delete(key);
	}
}

/**
 * Logs in, once for every execution of this process that needs it at the same time (a worker in queue mode runs
 * several, all refused when the token expires). One that asks with another token shortly after gets the token just
 * obtained: within LOGIN_LIMITS.shareMs and half the token's lifetime. A refresh asked with that very token (it was
 * revoked) logs in anew; a refused login is not kept. A throttled one is: until its wait is over, every caller gets
 * its error with the time left, which the transport waits for; then one login.
 */
export async function logIn(helpers: IHttpRequestHelper, credentials: LoginCredentials): Promise<string> {
	const key = `${credentialFingerprint(credentials)}${credentials.ignoreSSLIssues === true ? ':insecure' : ''}`;
	const current = text(credentials, 'accessToken');
	for (;;) {
		const now = Date.now();
		forgetDone(now);
		const shared = sharedLogins.get(key);
		if (shared?.pending) return await shared.pending;
		const throttled = shared?.throttled;
		const left = throttled ? throttled.retryAt - now : 0;
		if (throttled && left > LOGIN_LIMITS.throttle.waitInsideMs) {
			const { error } = throttled;
			throw new LoginError(error.message, error.description, error.loginStatus, left);
		}
		if (left > 0) {
			await sleep(left);
			continue;
		}
		// An entry still here is not done (forgetDone): a token it holds may still be shared.
		if (shared?.value !== undefined && current !== '' && current !== shared.value) return shared.value;
		return await startLogin(key, helpers, credentials, throttled?.inARow ?? 0);
	}
}

async function startLogin(
	key: string,
	helpers: IHttpRequestHelper,
	credentials: LoginCredentials,
	throttledInARow: number,
): Promise<string> {
	const login: SharedLogin = { doneAt: Number.POSITIVE_INFINITY };
	const pending = (async () => {
		try {
			const { token, lifetimeMs } = await logInScrubbed(helpers, credentials);
			login.value = token;
			login.doneAt = Date.now() + Math.min(LOGIN_LIMITS.shareMs, (lifetimeMs ?? 0) / 2);
			return token;
		} catch (error) {
			login.doneAt = Date.now();
			throw remember(login, error, throttledInARow + 1);
		} finally {
			// Before anyone awaiting the login resumes: a caller that comes next sees the outcome, not a login in flight.
			login.pending = undefined;
			if (login.doneAt <= Date.now() && sharedLogins.get(key) === login) sharedLogins.delete(key);
		}
	})();
	login.pending = pending;
	sharedLogins.set(key, login);
	return await pending;
}

/** What the callers of a failed login get; a throttled one is kept on the entry with its wait decided. */
function remember(login: SharedLogin, error: unknown, inARow: number): unknown {
	if (!(error instanceof LoginError) || error.retryAfterMs === undefined) return error;
	const { waitMs, words } = throttleWait(error.retryAfterMs, inARow);
	const throttled = new LoginError(error.message, `${words} ${error.description}`, error.loginStatus, waitMs);
	login.throttled = { error: throttled, retryAt: login.doneAt + waitMs, inARow };
	login.doneAt += waitMs + LOGIN_LIMITS.throttle.memoryMs;
	return throttled;
}

type Obtained = { token: string; lifetimeMs?: number };

/** The one place login errors leave: whatever a server or a redirect put in their words is scrubbed of secrets. */
async function logInScrubbed(helpers: IHttpRequestHelper, credentials: LoginCredentials): Promise<Obtained> {
	const scrubber = scrubberFor(credentials);
	const scrub = (value: string) => String(scrubber(value));
	return await logInNow(helpers, credentials).catch((error: unknown) => {
		throw error instanceof LoginError
			? new LoginError(scrub(error.message), scrub(error.description), error.loginStatus, error.retryAfterMs)
			: error;
	});
}

async function logInNow(helpers: IHttpRequestHelper, credentials: LoginCredentials): Promise<Obtained> {
	const kind: LoginKind = credentials.authentication === 'systemCredentials' ? 'systemCredentials' : 'personalToken';
	const baseUrl = text(credentials, 'baseUrl').replace(/\/+$/, '');
	const problem = baseUrlProblem(baseUrl);
	if (problem) throw new LoginError(problem.message, problem.description);
	const request: IHttpRequestOptions = {
		method: 'POST',
		url: `${baseUrl}/api/v0/login`,
		json: true,
		body: { grant_type: kind === 'personalToken' ? 'refresh_token' : 'client_credentials' },
		encoding: 'stream',
		returnFullResponse: true,
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		timeout: LOGIN_LIMITS.timeoutMs,
		skipSslCertificateValidation: credentials.ignoreSSLIssues === true,
	};
	if (kind === 'personalToken') {
		request.headers = { Authorization: `Bearer ${text(credentials, 'personalToken')}` };
	} else {
		request.auth = { username: text(credentials, 'clientId'), password: text(credentials, 'clientSecret') };
	}

	const visited: string[] = [];
	type Answer = { body: string; headers?: Record<string, unknown> } | { overBytes: number };
	let response: Answer | typeof TIMED_OUT;
	for (;;) {
		try {
			response = await beforeDeadline(LOGIN_LIMITS.timeoutMs, async (abortSignal): Promise<Answer> => {
				const answer = (await helpers.helpers.httpRequest({ ...request, abortSignal })) as {
					body?: unknown;
					headers?: Record<string, unknown>;
				};
				const body = await readBounded(answer.body, ANSWER_LIMITS.loginBytes, abortSignal);
				return 'text' in body ? { body: body.text, headers: answer.headers } : body;
			});
			break;
		} catch (error) {
			visited.push(String(request.url));
			request.url = redirectedLogin(kind, baseUrl, error, visited);
		}
	}
	if (response === TIMED_OUT) {
		throw new LoginError(
			`The Media Analysis Service at ${hostOf(baseUrl)} did not answer the login within ${LOGIN_LIMITS.timeoutMs / 1000} seconds`,
			`The service may be overloaded, or the Base URL may point at a host that accepts connections but never answers. ${HINTS.baseUrl} Then try again later.`,
		);
	}
	if ('overBytes' in response) {
		throw new LoginError(
			`The Media Analysis Service at ${hostOf(baseUrl)} answered the login with more than ${ANSWER_LIMITS.loginBytes / 1024 / 1024} MB; n8n stopped reading it`,
			`A login answer holds a token and little else. ${HINTS.baseUrl}`,
		);
	}

	const parsed = parseBody(response.body);
	const contentType = headerOf(response.headers, 'content-type');
	const body =
		parsed.kind === 'json' && parsed.value && typeof parsed.value === 'object'
			? (parsed.value as Record<string, unknown>)
			: undefined;
	const token = body?.access_token;
	if (typeof token !== 'string' || token === '') {
		const came =
			parsed.kind === 'not-json'
				? `something that is not JSON (${describeBody(String(scrubberFor(credentials)(parsed.text)), contentType)})`
				: parsed.kind === 'empty'
					? 'an empty body'
					: parsed.kind === 'too-deep'
						? `JSON nested more than ${ANSWER_LIMITS.maxDepth} levels deep`
						: body
							? 'no access token'
							: `${jsonKind(parsed.value)} instead of an object`;
		throw new LoginError(`The Media Analysis Service answered the login with ${came}`, HINTS.baseUrl);
	}
	if (token.length > LOGIN_LIMITS.maxTokenLength || !/^[\x21-\x7e]+$/.test(token)) {
		throw new LoginError(
			token.length > LOGIN_LIMITS.maxTokenLength
				? `The Media Analysis Service answered the login with an access token of ${token.length} characters, more than the ${LOGIN_LIMITS.maxTokenLength} a request header can carry; it was not stored`
				: 'The Media Analysis Service answered the login with an access token that cannot be sent in a header; it was not stored',
			`${HINTS.baseUrl} If it is, the service has a problem: try again later.`,
		);
	}
	const expiresIn = body?.expires_in;
	const lifetimeMs =
		typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : undefined;
	return { token, lifetimeMs };
}
