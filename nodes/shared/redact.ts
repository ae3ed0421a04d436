import type { IDataObject } from 'n8n-workflow';

import { scrubSecrets } from './http/answers';

/**
 * A record as a node outputs it, through the one secret scrubber: each value under a secret key (a password, a bearer
 * token, a client secret) is replaced, whether or not the service already masked it, so an answer can never put a
 * stored secret into a workflow's data. An empty or absent value stays as it came: there is nothing to hide.
 */
export function redactSecrets(record: object): IDataObject {
	return scrubSecrets(record, []) as IDataObject;
}
