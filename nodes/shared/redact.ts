import type { IDataObject } from 'n8n-workflow';

import { REDACTED, SECRET_KEY } from './http/answers';

/**
 * A record as a node outputs it: each value under a secret key (a password, a bearer token, a client secret) is
 * replaced, whether or not the service already masked it, so an answer can never put a stored secret into a
 * workflow's data. An empty or absent value stays as it came: there is nothing to hide.
 */
export function redactSecrets(record: object): IDataObject {
	// Built from entries: a key the service names "__proto__" stays a key of the copy, not its prototype.
	return Object.fromEntries(
		Object.entries(record).map(([key, value]) => [key, SECRET_KEY.test(key) && value !== null && value !== undefined && value !== '' ? REDACTED : value]),
	) as IDataObject;
}
