import type { IHttpRequestHelper, IHttpRequestOptions } from 'n8n-workflow';

import { ANSWER_LIMITS, baseUrlProblem, describeBody, discardBody, judgeRedirect, jsonKind, parseBody, readBounded, scrubSecrets } from '../nodes/shared/http/answers';
import { beforeDeadline, TIMED_OUT } from '../nodes/shared/http/deadline';
import { describeNetworkFailure, hostOf, LoginError } from '../nodes/shared/http/failures';

export { isLoginError, LoginError } from '../nodes/shared/http/failures';

type LoginKind = 'personalToken' | 'systemCredentials';

interface HttpFailure {
	response?: { status?: number; data?: unknown; headers?: Record<string, unknown> };
	code?: string;
	cause?: HttpFailure;
}

export function loginFailure(kind: LoginKind, baseUrl: string, error: unknown): LoginError {
	const failure = (error ?? {}) as HttpFailure;
	const status = failure.response?.status ?? failure.cause?.response?.status;
	const host = hostOf(baseUrl);

	if (status === undefined) {
		return new LoginError(
			`Could not reach the Media Analysis Service at ${host} (${describeNetworkFailure(failure.code ?? failure.cause?.code)})`,
			'Check the Base URL in the Media Analysis credential and that n8n can reach that host.',
		);
	}
	if (status === 401 || status === 403) {
		return kind === 'personalToken'
			? new LoginError(
					'The Media Analysis Service rejected the personal token',
					'Personal tokens expire after 30 days without use or 3 months after creation, and stop working when a new one is generated. Generate a new personal token in the Media Analysis app and paste it into the credential.',
					String(status),
				)
			: new LoginError(
					'The Media Analysis Service rejected the client ID and client secret',
					'Check both values in the credential. Only system administrators can issue system credentials: ask one to confirm they are still valid or to regenerate them.',
					String(status),
				);
	}
	if (status === 429) {
		return new LoginError(
			`The Media Analysis Service at ${host} is limiting how fast logins can be made`,
			'Wait a minute and run again. If it keeps happening, fewer workflows logging in at the same moment helps: each credential logs in once an hour.',
			'429',
		);
	}
	if (status === 404) {
		return new LoginError(
			`No login endpoint at ${host} (404)`,
			'Check the Base URL in the credential: it should be the API address, e.g. https://api.coactive.ai.',
			'404',
		);
	}
	return new LoginError(
		`Login to the Media Analysis Service at ${host} failed with status ${status}`,
		status >= 500
			? 'The service had a problem; try again in a few minutes.'
			: 'Check the credential settings.',
		String(status),
	);
}

/** Login bounds: one exchange (real time, a trickled answer included), and an access token fit for a header. */
export const LOGIN_LIMITS = {
	timeoutMs: 30_000,
	maxTokenLength: 8192,
	/** How long a token just obtained answers a refresh asked with an older token (see logIn). */
	shareMs: 30_000,
};

type LoginCredentials = Record<string, unknown>;

const text = (credentials: LoginCredentials, key: string) =>
	typeof credentials[key] === 'string' ? (credentials[key] as string) : '';

/** Where a login answered with a redirect goes next (same origin only), or the LoginError that explains the failure. */
function redirectedLogin(kind: LoginKind, baseUrl: string, error: unknown, visited: string[]): string {
	const failure = (error ?? {}) as HttpFailure;
	const answer = failure.response ?? failure.cause?.response;
	discardBody(answer?.data);
	const status = answer?.status ?? 0;
	if (status < 300 || status >= 400) throw loginFailure(kind, baseUrl, error);
	const verdict = judgeRedirect({
		what: 'the login (POST /api/v0/login)',
		method: 'POST',
		status,
		location: answer?.headers?.location === undefined ? undefined : String(answer.headers.location),
		currentUrl: visited[visited.length - 1],
		baseUrl,
		visited,
	});
	if ('refuse' in verdict) throw new LoginError(verdict.refuse.message, verdict.refuse.description, String(status));
	return verdict.follow;
}

/**
 * Logs in and returns the access token. Redirects are judged here, never followed by n8n: only to the Base URL's
 * origin (the personal token or client secret must reach no other host). The answer must be a JSON object with a
 * token that fits in a header; anything else is a LoginError that says what came back, with no secret in it.
 */
interface SharedLogin {
	token: Promise<string>;
	/** Until when the token just obtained may answer a refresh asked with an older one (see logIn). */
	shareUntil?: number;
	value?: string;
}

/** Logins of this process by credential (Base URL, kind and secret): in flight, or just obtained. */
const sharedLogins = new Map<string, SharedLogin>();

/**
 * Logs in, once for every execution of this process that needs it at the same time. When a token expires while many
 * executions run (a worker in queue mode runs several), each of them is refused and asks n8n for a new token: they
 * share the login in flight, and one that asks with the expired token shortly after gets the token just obtained
 * instead of logging in again: within LOGIN_LIMITS.shareMs and the first half of the token's lifetime (`expires_in`;
 * without one, only a login in flight is shared). A refresh asked with that very token (it was revoked) logs in anew;
 * a failed login is not kept.
 */
export async function logIn(helpers: IHttpRequestHelper, credentials: LoginCredentials): Promise<string> {
	const key = JSON.stringify([
		text(credentials, 'baseUrl').replace(/\/+$/, ''),
		credentials.authentication === 'systemCredentials'
			? ['system', text(credentials, 'clientId'), text(credentials, 'clientSecret')]
			: ['personal', text(credentials, 'personalToken')],
	]);
	const current = text(credentials, 'accessToken');
	const shared = sharedLogins.get(key);
	if (shared && shared.value === undefined) return await shared.token;
	if (shared?.value !== undefined && current !== '' && current !== shared.value && Date.now() < (shared.shareUntil ?? 0)) {
		return shared.value;
	}
	const obtained = logInScrubbed(helpers, credentials);
	const login: SharedLogin = { token: obtained.then(({ token }) => token) };
	sharedLogins.set(key, login);
	// Registered before anyone awaits the login, so these run first when it settles.
	obtained.then(
		({ token, lifetimeMs }) => {
			login.value = token;
			login.shareUntil = Date.now() + Math.min(LOGIN_LIMITS.shareMs, (lifetimeMs ?? 0) / 2);
		},
		() => {
			if (sharedLogins.get(key) === login) sharedLogins.delete(key);
		},
	);
	return await login.token;
}

type Obtained = { token: string; lifetimeMs?: number };

/** The one place login errors leave: whatever a server or a redirect put in their words is scrubbed of secrets. */
async function logInScrubbed(helpers: IHttpRequestHelper, credentials: LoginCredentials): Promise<Obtained> {
	const scrub = (value: string) =>
		String(
			scrubSecrets(
				value,
				[text(credentials, 'personalToken'), text(credentials, 'clientSecret'), text(credentials, 'clientId')],
				[[text(credentials, 'clientId'), text(credentials, 'clientSecret')]],
			),
		);
	const outcome = await logInNow(helpers, credentials).then(
		(obtained) => ({ obtained }),
		(error: unknown) => ({ error }),
	);
	if ('obtained' in outcome) return outcome.obtained;
	const { error } = outcome;
	throw error instanceof LoginError ? new LoginError(scrub(error.message), scrub(error.description), error.httpCode) : error;
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
				const answer = (await helpers.helpers.httpRequest({ ...request, abortSignal })) as { body?: unknown; headers?: Record<string, unknown> };
				const body = await readBounded(answer.body, ANSWER_LIMITS.loginBytes, abortSignal);
				return 'text' in body ? { body: body.text, headers: answer.headers } : body;
			});
			break;
		} catch (error) {
			visited.push(String(request.url));
			request.url = redirectedLogin(kind, baseUrl, error, visited);
		}
	}
	if (response !== TIMED_OUT && 'overBytes' in response) {
		throw new LoginError(
			`The Media Analysis Service at ${hostOf(baseUrl)} answered the login with more than ${ANSWER_LIMITS.loginBytes / 1024 / 1024} MB; n8n stopped reading it`,
			'A login answer holds a token and little else. Check that the Base URL points at the Media Analysis Service API, not at the web app or a proxy.',
		);
	}
	if (response === TIMED_OUT) {
		throw new LoginError(
			`The Media Analysis Service at ${hostOf(baseUrl)} did not answer the login within ${LOGIN_LIMITS.timeoutMs / 1000} seconds`,
			'The service may be overloaded, or the Base URL may point at a host that accepts connections but never answers. Check the Base URL and try again later.',
		);
	}

	const parsed = parseBody(response.body);
	const contentType = response.headers?.['content-type'] === undefined ? undefined : String(response.headers['content-type']);
	const body = parsed.kind === 'json' && parsed.value && typeof parsed.value === 'object' ? (parsed.value as Record<string, unknown>) : undefined;
	const token = body?.access_token;
	if (typeof token !== 'string' || token === '') {
		const came =
			parsed.kind === 'not-json'
				? `something that is not JSON (${describeBody(parsed.text, contentType)})`
				: parsed.kind === 'empty'
					? 'an empty body'
					: parsed.kind === 'too-deep'
						? `JSON nested more than ${ANSWER_LIMITS.maxDepth} levels deep`
						: body
							? 'no access token'
							: `${jsonKind(parsed.value)} instead of an object`;
		throw new LoginError(
			`The Media Analysis Service answered the login with ${came}`,
			`Check that the Base URL (${hostOf(baseUrl)}) points at the Media Analysis Service API, not at the web app or a proxy.`,
		);
	}
	if (token.length > LOGIN_LIMITS.maxTokenLength || !/^[\x21-\x7e]+$/.test(token)) {
		throw new LoginError(
			token.length > LOGIN_LIMITS.maxTokenLength
				? `The Media Analysis Service answered the login with an access token of ${token.length} characters, more than the ${LOGIN_LIMITS.maxTokenLength} a request header can carry; it was not stored`
				: 'The Media Analysis Service answered the login with an access token that cannot be sent in a header; it was not stored',
			`Check that the Base URL (${hostOf(baseUrl)}) points at the Media Analysis Service API. If it does, the service has a problem: try again later.`,
		);
	}
	const expiresIn = body?.expires_in;
	const lifetimeMs = typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : undefined;
	return { token, lifetimeMs };
}
