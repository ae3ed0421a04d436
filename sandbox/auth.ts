import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from './clock';
import { HttpError } from './http';
import type { AuthScheme } from './request-log';
import type { Principal, SandboxStore } from './store';

export type Authorization =
	| { scheme: 'bearer'; token: string }
	| { scheme: 'basic'; username: string; password: string }
	| { scheme: 'other' };

export function readAuthorization(header: string | undefined): Authorization | undefined {
	if (header === undefined || header.trim() === '') return undefined;
	const [scheme, ...rest] = header.trim().split(/\s+/);
	const credentials = rest.join(' ');
	if (scheme.toLowerCase() === 'bearer' && credentials) return { scheme: 'bearer', token: credentials };
	if (scheme.toLowerCase() === 'basic' && credentials) {
		const decoded = Buffer.from(credentials, 'base64').toString('utf8');
		const separator = decoded.indexOf(':');
		if (separator >= 0) {
			return {
				scheme: 'basic',
				username: decoded.slice(0, separator),
				password: decoded.slice(separator + 1),
			};
		}
	}
	return { scheme: 'other' };
}

export function authSchemeOf(header: string | undefined): AuthScheme | null {
	return readAuthorization(header)?.scheme ?? null;
}

const BEARER_CHALLENGE = { 'www-authenticate': 'Bearer' };
export const notAuthenticated = () => new HttpError(401, 'Not authenticated', BEARER_CHALLENGE);
export const invalidAccessToken = () => new HttpError(401, 'Invalid or expired token', BEARER_CHALLENGE);
export const invalidCredentials = () => new HttpError(401, 'Invalid credentials', BEARER_CHALLENGE);

export interface AccessTokenResponse {
	access_token: string;
	token_type: 'Bearer';
	expires_in: number;
}

export function issueAccessToken(store: SandboxStore, clock: Clock, principal: Principal): AccessTokenResponse {
	const issuedAt = clock.now();
	const lifetimeSeconds = store.tokenLifetimeSeconds;
	const expiresAt = issuedAt + lifetimeSeconds * 1000;
	const token = jwtLookingToken({
		iss: 'media-analysis-sandbox',
		sub: principal.userId,
		jti: randomUUID(),
		iat: Math.floor(issuedAt / 1000),
		exp: Math.floor(expiresAt / 1000),
	});
	store.accessTokens.set(token, { principal, issuedAt, expiresAt });
	return { access_token: token, token_type: 'Bearer', expires_in: lifetimeSeconds };
}

/** Shaped like a JWT so clients that peek at it do not choke; the signature is random and never checked. */
function jwtLookingToken(claims: Record<string, unknown>): string {
	const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
	return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.${randomBytes(32).toString('base64url')}`;
}

/** The principal behind `Authorization: Bearer <access token>`, or a 401. */
export function authenticate(store: SandboxStore, clock: Clock, header: string | undefined): Principal {
	const authorization = readAuthorization(header);
	if (!authorization || authorization.scheme !== 'bearer') throw notAuthenticated();
	const record = store.accessTokens.get(authorization.token);
	if (!record || clock.now() >= record.expiresAt) throw invalidAccessToken();
	const { principal } = record;
	if (principal.kind === 'personal-token' && store.personalTokens.get(principal.personalToken)?.revoked !== false) {
		throw invalidAccessToken();
	}
	return principal;
}

/** Makes every access token issued so far expire now; returns how many were still valid. */
export function expireAllAccessTokens(store: SandboxStore, clock: Clock): number {
	const now = clock.now();
	let expired = 0;
	for (const record of store.accessTokens.values()) {
		if (record.expiresAt > now) expired++;
		record.expiresAt = Math.min(record.expiresAt, now);
	}
	return expired;
}

/** Revokes a personal token: it can no longer log in, and access tokens issued from it stop working. */
export function revokePersonalToken(store: SandboxStore, token: string): boolean {
	const record = store.personalTokens.get(token);
	if (!record) return false;
	record.revoked = true;
	return true;
}

export function assertTokenLifetime(seconds: number): void {
	if (!Number.isInteger(seconds) || seconds <= 0) {
		throw new RangeError(`Token lifetime must be a positive whole number of seconds, got ${seconds}`);
	}
}

export function setTokenLifetime(store: SandboxStore, seconds: number): void {
	assertTokenLifetime(seconds);
	store.tokenLifetimeSeconds = seconds;
}
