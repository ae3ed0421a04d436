import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { QueryStatus, QueryType } from '../../../shared/schemas.generated';
import { QUERY_FIELDS } from '../../../shared/enums.generated';
import { uuidMode } from '../../../shared/descriptions';
import { type ResponseOf } from '../../../shared/endpoints';
import { listLocator } from '../../../shared/node';
import type { Item } from '../../../shared/item';
import { recordFields } from '../../../shared/output';
import { type WaitOptions, type WaitState } from '../../../shared/run';

export const QUERY_STATUSES: QueryStatus[] = ['Complete', 'Error', 'Queued', 'Running', 'Stopped', 'Stopping'];

export const queryTypeOptions: Array<{ name: string; value: QueryType }> = [
	{ name: 'Natural Language', value: 'NATURAL_LANGUAGE' },
	{ name: 'SQL', value: 'SQL' },
];

/**
 * A query (14 fields), and what Output › Simplified keeps: what it asks, where it stands, how many rows it found and
 * when it ran; `results` holds the service's word on the run (the reason when it failed).
 */
export const QUERY = recordFields('query', QUERY_FIELDS, [
	'query_id',
	'query',
	'type',
	'status',
	'dataset_id',
	'total_row_count',
	'results',
	'start_dt',
	'end_dt',
]);

export function queryLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	const field = { displayName: 'Query', name: 'queryId', description: 'The query to work with', ...overrides };
	return listLocator(field, 'a query', 'searchQueries', [uuidMode('query')]);
}

export function queryParams(item: Item): { query_id: string } {
	return { query_id: item.locatorUuid('queryId', 'Query') };
}

type Column = { name?: unknown; type?: unknown };

/** The columns a table's schema lists with a name; none when the table has no schema (the document allows one). */
export function tableColumns(table: IDataObject): Array<Column & { name: string }> {
	const schema = table.table_schema as { fields?: unknown } | null | undefined;
	const fields = Array.isArray(schema?.fields) ? (schema.fields as Column[]) : [];
	return fields.filter((field): field is Column & { name: string } => typeof field?.name === 'string');
}

type Query = ResponseOf<'queries.getQuery'>;

const stateOf = (query: Query): WaitState =>
	query.status === 'Complete' ? 'done' : query.status === 'Error' || query.status === 'Stopped' ? 'failed' : 'pending';

/** Why a run failed, as the service tells it. The schema has no error field; the sandbox puts it in `results`. */
function reasonOf(query: Query): string {
	const fields: Record<string, unknown> = query;
	for (const key of ['error', 'error_message', 'message', 'results']) {
		const value = fields[key];
		if (typeof value === 'string' && value.trim()) return value.trim();
	}
	return 'the service gave no reason';
}

/** `options` are read before the query is sent, so a bad timeout is refused before the query starts. */
export async function waitForQuery(item: Item, query: Query, options: WaitOptions | undefined): Promise<Query> {
	if (!options) return query;
	return await item.run.wait<Query>(
		{
			read: async (deadline) =>
				await item.run.call('queries.getQuery', {
					params: { query_id: query.query_id },
					itemIndex: item.index,
					deadline,
				}),
			stateOf,
			subject: `Query ${query.query_id}`,
			statusOf: (current) => current.status,
			failureOf: (current) =>
				current.status === 'Stopped'
					? {
							reason: 'it was stopped before it finished (status Stopped), so it has no results',
							description:
								'Someone or something stopped or cancelled this query on the service. Run it again with Re-Run Query if its results are still needed.',
						}
					: {
							reason: `status Error: ${reasonOf(current)}`,
							description:
								'Correct the query and run it with Run Query, or fix the data it reads and use Re-Run Query. The Get operation shows the query as the service holds it.',
						},
			itemIndex: item.index,
		},
		options,
	);
}
