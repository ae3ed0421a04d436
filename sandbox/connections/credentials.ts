import { createHash } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function characters(seed: string, alphabet: string, length: number): string {
	let out = '';
	for (let round = 0; out.length < length; round++) {
		for (const byte of createHash('sha256').update(`${seed}#${round}`).digest()) {
			out += alphabet[byte % alphabet.length];
		}
	}
	return out.slice(0, length);
}

/**
 * `connections:GetConnectionCredentialsResponse`: fake STS-shaped temporary credentials (ASIA… access key id,
 * 40-character secret, long session token). Derived from the connection and an issue counter, so every issue
 * differs and tests can still predict them.
 */
export function temporaryCredentials(connectionId: string, issue: number, ttlSeconds: number) {
	const seed = `${connectionId}:${issue}`;
	return {
		access_key_id: `ASIA${characters(`${seed}:id`, BASE32, 16)}`,
		secret_access_key: characters(`${seed}:secret`, BASE64, 40),
		session_token: `FwoGZXIvYXdzE${characters(`${seed}:session`, BASE64, 300)}`,
		expires_in: ttlSeconds,
	};
}
