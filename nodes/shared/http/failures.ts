/** What the login and the transport both say about a failure, kept below both so that neither imports the other. */

/**
 * Why a login failed, in words a user can act on; the transport recognises it by name (n8n wraps it) and shows its
 * words unchanged. Its HTTP status is `loginStatus`, not `httpCode`: n8n's NodeApiError would otherwise replace the
 * message with its generic words for that status, which is all the credential's Test button would show.
 */
export class LoginError extends Error {
	override name = 'MediaAnalysisLoginError';

	constructor(
		message: string,
		readonly description: string,
		readonly loginStatus?: string,
		/** A throttled or unavailable login: how long until the next may be tried. */
		readonly retryAfterMs?: number,
	) {
		super(message);
	}
}

/** The recurring hints, one wording each, for the transport, the login and the credential alike. */
export const HINTS = {
	baseUrl:
		'Check the Base URL in the Media Analysis credential: it must be the address of the Media Analysis Service API (e.g. https://api.coactive.ai), not of the web app or a proxy.',
	reach: 'Check the Base URL in the Media Analysis credential and that n8n can reach that host.',
	tokenExpiry:
		'Personal tokens expire after 30 days without use or 3 months after creation, and stop working when a new one is generated. Generate a new personal token in the Coactive app (app.coactive.ai → your name, top right → Settings → Credentials → Personal Token) and paste it into the credential.',
	/** In the message itself: a credential test shows only the message. */
	newToken: 'generate a new one in the Coactive app (app.coactive.ai → your name → Settings → Credentials)',
	systemCredentials: 'check both in the credential, or ask a system administrator to confirm or regenerate them',
};

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

/** Node's TLS verification failures, in words. */
const CERTIFICATE_FAILURES: Record<string, string> = {
	DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
	SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain ends in a self-signed certificate',
	CERT_HAS_EXPIRED: 'its certificate has expired',
	CERT_NOT_YET_VALID: 'its certificate is not valid yet',
	ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another host name',
	UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate could not be verified',
	UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the issuer of its certificate is not trusted',
	UNABLE_TO_GET_ISSUER_CERT: 'the issuer of its certificate is not trusted',
};

export function isKnownFailureCode(code: string): boolean {
	return Object.hasOwn(NETWORK_FAILURES, code) || Object.hasOwn(CERTIFICATE_FAILURES, code);
}

/** Why a host's certificate was not trusted, in words; undefined for other codes. */
export function untrustedCertificate(code: string | undefined): string | undefined {
	return code && Object.hasOwn(CERTIFICATE_FAILURES, code) ? CERTIFICATE_FAILURES[code] : undefined;
}

/** What to say when no answer came from the host; `retried` is appended to the fix. */
export function connectionFailure(
	host: string,
	code: string | undefined,
	retried = '',
): { message: string; description: string } {
	const untrusted = untrustedCertificate(code);
	if (untrusted) {
		const fix =
			code === 'ERR_TLS_CERT_ALTNAME_INVALID'
				? "Check that the Base URL uses the host name the service's certificate is issued for."
				: code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID'
					? "The service's certificate must be renewed (or the clock of the n8n host is wrong)."
					: 'Install a certificate from a trusted authority on the service, or trust its authority on the n8n host (NODE_EXTRA_CA_CERTS).';
		return {
			message: `n8n did not trust the Media Analysis Service at ${host}: ${untrusted}`,
			description: `${fix} Only for a server you trust (such as a private deployment with its own certificate), turn on "Ignore SSL Issues (Insecure)" in the Media Analysis credential.${retried}`,
		};
	}
	const words = code && Object.hasOwn(NETWORK_FAILURES, code) ? NETWORK_FAILURES[code] : 'no answer';
	return {
		message: `Could not reach the Media Analysis Service at ${host} (${words})`,
		description: `${HINTS.reach}${retried}`,
	};
}

/** A Retry-After header (whole seconds, or an HTTP date still to come) in ms; undefined when unusable. */
export function retryAfterMs(value: string | undefined): number | undefined {
	const retryAfter = value?.trim() ?? '';
	if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
	const date = /[a-z]/i.test(retryAfter) ? Date.parse(retryAfter) : Number.NaN;
	return date > Date.now() ? date - Date.now() : undefined;
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
