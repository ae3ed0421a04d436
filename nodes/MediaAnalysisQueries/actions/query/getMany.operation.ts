import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import {
	booleanField,
	choice,
	collection,
	datasetLocator,
	returnAllOrLimit,
	textField,
	UUID_LIST_EXAMPLE,
} from '../../../shared/descriptions';
import { listEndpoint, type RecordOf } from '../../../shared/endpoints';
import { outputProperties, shapeOutput } from '../../../shared/output';
import { splitList } from '../../../shared/validation';
import { QUERY, QUERY_STATUSES, queryTypeOptions } from './fields';

export const option = { name: 'Get Many', description: 'List queries', action: 'Get many queries' };

export const description: INodeProperties[] = [
	...returnAllOrLimit(undefined, { toolLimit: true }),
	...outputProperties(QUERY),
	collection('Filters', 'filters', 'Add Filter', [
		datasetLocator({ required: false, description: 'Return only queries over this dataset' }),
		booleanField(
			'Exclude Queries With Code',
			'excludeCode',
			'Whether to leave out queries that have code (SQL, written or generated)',
		),
		booleanField('Exclude Queries Without Code', 'excludeNoCode', 'Whether to leave out queries that have no code yet'),
		textField(
			'Exclude User IDs',
			'excludeUserIds',
			'e.g. user-1, user-2',
			'Comma-separated IDs of users whose queries to leave out',
		),
		textField('Query IDs', 'queryIds', UUID_LIST_EXAMPLE, 'Comma-separated query IDs; only these are returned'),
		choice('Query Type', 'queryType', queryTypeOptions, 'SQL'),
		choice(
			'Status',
			'status',
			QUERY_STATUSES.map((value) => ({ name: value, value })),
			'Complete',
		),
		textField('User IDs', 'userIds', 'e.g. user-1, user-2', 'Comma-separated IDs of the users who created the queries'),
	]),
];

export const toolDescription =
	'Lists queries, the newest first, up to the Limit; optionally only those over one dataset, in one status or of one type. Needs nothing. Returns each query with its query_id, what it asks, its status and row count.';

/** The ID and user filters read whole queries, so Output shapes them last. */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const filters = item.options('filters');
	const qs: IDataObject = {};
	if (filters.status) qs.status = filters.status;
	if (filters.queryType) qs.query_types = filters.queryType;
	if (filters.excludeCode !== undefined) qs.exclude_code = filters.excludeCode;
	if (filters.excludeNoCode !== undefined) qs.exclude_no_code = filters.excludeNoCode;
	const dataset = item.param('filters.datasetId', '', { extractValue: true });
	if (typeof dataset === 'string' && dataset.trim()) qs.dataset_id = await item.datasetId('filters.datasetId');
	// The service takes the ID and user filters only as a GET body, which n8n never sends: they are applied here.
	const queryIds = new Set(item.uuidList(filters.queryIds ?? '', 'Query IDs'));
	const userIds = new Set(splitList(filters.userIds ?? ''));
	const excludeUserIds = new Set(splitList(filters.excludeUserIds ?? ''));
	const keep = (record: IDataObject) => {
		const query = record as RecordOf<'queries.listQueries'>;
		if (queryIds.size > 0 && !queryIds.has(String(query.query_id).toLowerCase())) return false;
		if (userIds.size > 0 && !userIds.has(String(query.created_user_id))) return false;
		return !excludeUserIds.has(String(query.created_user_id));
	};
	const shape = shapeOutput(item, QUERY);
	const filtered = queryIds.size > 0 || userIds.size > 0 || excludeUserIds.size > 0;
	const queries = await run.list(listEndpoint('queries.listQueries', { qs }), {
		itemIndex,
		limit: 'parameters',
		filter: filtered ? { keep, most: queryIds.size > 0 ? queryIds.size : undefined } : undefined,
	});
	return queries.map(shape);
}
