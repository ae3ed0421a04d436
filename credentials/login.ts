/**
 * Why a login failed, in words a user can act on. The transport recognises `LoginError` (by name, as it arrives
 * wrapped by n8n) and shows its message and description unchanged. Nothing secret is ever put in either text.
 */
export class LoginError extends Error {
	override name = 'MediaAnalysisLoginError';

	constructor(
		message: string,
		readonly description: string,
		readonly httpCode?: string,
	) {
		super(message);
	}
}

export function isLoginError(error: unknown): error is LoginError {
	return error instanceof Error && error.name === 'MediaAnalysisLoginError';
}

// Plain words, not codes: n8n replaces any message containing a code such as ECONNREFUSED with a generic text.
const NETWORK_FAILURES: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ECONNRESET: 'connection closed before an answer',
	ENOTFOUND: 'host name not found',
	EAI_AGAIN: 'host name lookup failed',
	ETIMEDOUT: 'timed out',
	ECONNABORTED: 'timed out',
	EHOSTUNREACH: 'host unreachable',
	EPIPE: 'connection closed while sending',
};

export function describeNetworkFailure(code: string | undefined): string {
	return (code && NETWORK_FAILURES[code]) || 'no answer';
}

type LoginKind = 'personalToken' | 'systemCredentials';

interface HttpFailure {
	response?: { status?: number; data?: unknown };
	code?: string;
	cause?: HttpFailure;
}

function hostOf(baseUrl: string): string {
	try {
		return new URL(baseUrl).host;
	} catch {
		return baseUrl || '(no Base URL set)';
	}
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
