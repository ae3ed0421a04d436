import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import type { Item } from '../../../shared/item';
import type { ConnectionType, GetConnectionResponse } from '../../../shared/schemas.generated';
import { redactSecrets } from '../../../shared/http/answers';

/** The kinds of connection, as Create offers them (Get Many filters by the same names). */
export const CONNECTION_TYPES: Array<INodePropertyOptions & { value: ConnectionType }> = [
	{ name: 'AWS IAM Role', value: 'aws_iam_role', description: 'The service assumes an IAM role of your AWS account' },
	{ name: 'HTTPS Basic Auth', value: 'https_basic', description: 'A host reached with a username and password' },
	{ name: 'HTTPS Bearer Token', value: 'https_bearer', description: 'A host reached with a bearer token' },
];

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
