import type { INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { ExportQueryRequest } from '../../../shared/schemas.generated';
import { connectionLocator, textField } from '../../../shared/descriptions';
import { queryLocator, queryParams } from './fields';

export const option = {
	name: 'Export',
	description: 'Export the results of a complete query to a bucket',
	action: 'Export the results of a query',
};

export const description: INodeProperties[] = [
	queryLocator({ description: 'A query whose status is Complete' }),
	{
		displayName: 'Export Type',
		name: 'exportType',
		type: 'options',
		options: [
			{ name: 'CSV', value: 'CSV' },
			{ name: 'Delta', value: 'DELTA' },
			{ name: 'Unity', value: 'UNITY' },
		],
		default: 'CSV',
	},
	{
		displayName: 'Target Bucket',
		name: 'targetBucket',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. analytics-exports',
	},
	textField('Target Prefix', 'targetPrefix', 'e.g. queries/2026-11/', 'Where in the bucket to write the export'),
	// Exports name the connection; empty means the service's own storage.
	connectionLocator(
		{
			required: false,
			description: "The connection that writes to the target bucket; leave empty to use the service's own storage",
		},
		{ byId: false },
	),
];

export const toolDescription =
	'Starts exporting the results of a complete query to a storage bucket. Needs the query ID (a UUID), the target bucket and prefix. Returns the export with its export_id and status (accepted, not yet finished).';

/** Starts an export of a complete query's results; the answer says it was accepted, not that it has finished. */
export async function execute(itemIndex: number, run: Run, item: Item) {
	const params = queryParams(item);
	const body: ExportQueryRequest = {
		export_type: item.param<ExportQueryRequest['export_type']>('exportType'),
		target_bucket: item.notEmpty(item.param('targetBucket', ''), 'Target Bucket'),
		target_prefix: item.param('targetPrefix', '').trim(),
	};
	const connection = item.param('connection', '', { extractValue: true });
	if (typeof connection === 'string' && connection.trim()) {
		body.connection_name = item.connectionName(connection, 'Connection');
	}
	return await run.call('queries.exportQuery', { params, body, itemIndex });
}
