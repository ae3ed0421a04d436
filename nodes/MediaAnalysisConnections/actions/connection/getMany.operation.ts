import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { ConnectionStatus } from '../../../shared/schemas.generated';
import { choice, collection, returnAllOrLimit, textField, UUID_LIST_EXAMPLE } from '../../../shared/descriptions';
import { CONNECTION_TYPES, redactConnection } from './fields';

const STATUSES: ConnectionStatus[] = ['error', 'pending', 'ready'];

export const option = { name: 'Get Many', description: 'List connections', action: 'Get many connections' };

export const description: INodeProperties[] = [
	...returnAllOrLimit(undefined, { toolLimit: true }),
	collection('Filters', 'filters', 'Add Filter', [
		textField(
			'Connection IDs',
			'connectionIds',
			UUID_LIST_EXAMPLE,
			'Comma-separated connection IDs; only these are returned',
		),
		choice(
			'Status',
			'status',
			STATUSES.map((value) => ({ name: value[0].toUpperCase() + value.slice(1), value })),
			'ready',
		),
		choice(
			'Type',
			'connectionType',
			CONNECTION_TYPES.map(({ name, value }) => ({ name, value })),
			'aws_iam_role',
		),
	]),
];

export const toolDescription =
	'Lists the storage connections (buckets the service reads media from), up to the Limit; optionally only those in one status or of one type. Needs nothing. Returns each with its connection_id, name, type and status, secrets left out.';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const filters = item.options('filters');
	const qs: IDataObject = {};
	if (filters.status) qs.status = filters.status;
	if (filters.connectionType) qs.connection_type = filters.connectionType;
	// The service takes the ID filter only as a GET body, which n8n never sends: the IDs are matched here instead.
	const ids = new Set(filters.connectionIds ? item.uuidList(filters.connectionIds, 'Connection IDs') : []);
	const connections = await run.list('connections.listConnections', {
		qs,
		itemIndex,
		limit: 'parameters',
		filter:
			ids.size > 0
				? { keep: (connection) => ids.has(String(connection.connection_id).toLowerCase()), most: ids.size }
				: undefined,
	});
	return connections.map(redactConnection);
}
