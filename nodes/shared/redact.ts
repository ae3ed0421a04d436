import type { IDataObject } from 'n8n-workflow';

import { scrubSecrets } from './http/answers';

/** A record as a node outputs it: each value under a secret key is replaced, whether or not the service masked it. */
export function redactSecrets(record: object): IDataObject {
	return scrubSecrets(record, []) as IDataObject;
}
