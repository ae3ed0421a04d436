/**
 * What the credential's login and the transport both need to say about a failure, kept below both so that neither
 * imports the other: the login's own error, network codes in words, and a host as a user knows it.
 */

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
	return code && Object.hasOwn(NETWORK_FAILURES, code) ? NETWORK_FAILURES[code] : 'no answer';
}

/** The host of a Base URL as a user knows it; never the Base URL itself, which could hold anything typed into it. */
export function hostOf(baseUrl: string): string {
	if (!baseUrl) return '(no Base URL set)';
	try {
		return new URL(baseUrl).host;
	} catch {
		return 'the Base URL (not a valid address)';
	}
}
