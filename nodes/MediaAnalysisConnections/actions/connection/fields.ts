import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Connection } from '../../../shared/api';
import { getConnectionRef } from '../../../shared/descriptions';

/** Stands in for a password or token a connection response carried. */
export const REDACTED = '[redacted]';

const SECRET_KEY = /password|token|secret/i;

/**
 * A connection as the node outputs it: any secret in its config (password, bearer token, …) is replaced, whether or
 * not the service already masked it, so a response can never put a stored secret into a workflow's data.
 */
export function redactConnection(connection: object): IDataObject {
	const config = (connection as Partial<Connection>).config as IDataObject | undefined;
	if (!config || typeof config !== 'object') return connection as IDataObject;
	// Built from entries: a key the service names "__proto__" stays a key of the copy, not its prototype.
	const safe: IDataObject = Object.fromEntries(
		Object.entries(config).map(([key, value]) => [key, SECRET_KEY.test(key) && value !== null && value !== undefined && value !== '' ? REDACTED : value]),
	);
	return { ...connection, config: safe };
}

/** The path value naming the connection chosen in this item (the endpoint table encodes it). */
export function connectionParams(this: IExecuteFunctions, itemIndex: number): { connection_name_or_id: string } {
	return { connection_name_or_id: getConnectionRef.call(this, itemIndex) };
}
