import type { FaultKind } from './faults';
import type { ParsedBody, QueryValues } from './http';

export type AuthScheme = 'bearer' | 'basic' | 'other';

/** What the sandbox remembers of one request. Headers are never kept, and known secrets are masked. */
export interface RequestLogEntry {
	at: string;
	method: string;
	path: string;
	/** A key that appeared once maps to its value, a repeated key to every value in order. */
	query: Record<string, string | string[]>;
	rawQuery: string;
	/** Parsed JSON, the raw text of a non-JSON or malformed body, or null without a body. */
	body: unknown;
	/** Only the scheme of the Authorization header, never its value. */
	authScheme: AuthScheme | null;
	status: number;
	/** True when a known secret (personal token, client id/secret, access token) was found and masked. */
	secretsMasked: boolean;
	/** Set when the fault injector changed this request's fate (see faults.ts); status 0 means no answer was sent. */
	fault?: FaultKind;
}

export const SECRET_MASK = '[REDACTED]';

interface Observed {
	at: string;
	method: string;
	path: string;
	rawQuery: string;
	query: QueryValues;
	body: ParsedBody;
	authScheme: AuthScheme | null;
	status: number;
	fault?: FaultKind;
}

export function createLogEntry(observed: Observed, secrets: readonly string[]): RequestLogEntry {
	const masker = new SecretMasker(secrets);
	const query = Object.fromEntries(
		Object.entries(observed.query).map(([key, values]) => [
			masker.mask(key),
			values.length === 1 ? masker.mask(values[0]) : values.map((value) => masker.mask(value)),
		]),
	);
	return {
		at: observed.at,
		method: observed.method,
		path: masker.mask(observed.path),
		query,
		rawQuery: masker.mask(observed.rawQuery),
		body: masker.maskDeep(bodyForLog(observed.body)),
		authScheme: observed.authScheme,
		status: observed.status,
		secretsMasked: masker.found,
		...(observed.fault ? { fault: observed.fault } : {}),
	};
}

function bodyForLog(body: ParsedBody): unknown {
	switch (body.kind) {
		case 'none':
			return null;
		case 'json':
			return body.value;
		default:
			return body.text;
	}
}

class SecretMasker {
	found = false;
	private readonly secrets: string[];

	constructor(secrets: readonly string[]) {
		// Longest first, so that a secret containing another is masked whole.
		this.secrets = secrets.filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length);
	}

	mask(text: string): string {
		let masked = text;
		for (const secret of this.secrets) {
			if (masked.includes(secret)) {
				this.found = true;
				masked = masked.split(secret).join(SECRET_MASK);
			}
		}
		return masked;
	}

	maskDeep(value: unknown): unknown {
		if (typeof value === 'string') return this.mask(value);
		if (Array.isArray(value)) return value.map((item) => this.maskDeep(item));
		if (value !== null && typeof value === 'object') {
			return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.mask(key), this.maskDeep(item)]));
		}
		return value;
	}
}
