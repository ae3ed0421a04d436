import type { IDataObject } from 'n8n-workflow';

import type { Item } from '../../../shared/item';
import type { GetConnectionResponse } from '../../../shared/schemas.generated';
import { redactSecrets } from '../../../shared/http/answers';

/**
 * A connection as the node outputs it: any secret in its config (password, bearer token, …) is replaced, whether or
 * not the service already masked it, so a response can never put a stored secret into a workflow's data.
 */
export function redactConnection(connection: object): IDataObject {
	const config = (connection as Partial<GetConnectionResponse>).config as IDataObject | undefined;
	if (!config || typeof config !== 'object') return connection as IDataObject;
	return { ...connection, config: redactSecrets(config) };
}

/** The path value naming the connection chosen in this item (the endpoint table encodes it). */
export function connectionParams(item: Item): { connection_name_or_id: string } {
	return { connection_name_or_id: item.connectionRef() };
}
