import type { INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { deletedResult } from '../../../shared/deleted';
import { notice } from '../../../shared/node';
import { queryLocator, queryParams } from './fields';

export const option = { name: 'Delete', description: 'Delete a query', action: 'Delete a query' };

export const description: INodeProperties[] = [
	notice('deleteNotice', 'Deletes the query and its results for everyone in your organization'),
	queryLocator({ description: 'The query to delete' }),
];

export const toolDescription =
	'Deletes a query and its results, for everyone in the organization. Needs the query ID (a UUID). Returns deleted: true and the id.';

/** `{deleted: true, id}` as every delete answers, with the service's answer (the query as it was) under `response`. */
export async function execute(itemIndex: number, run: Run, item: Item) {
	const params = queryParams(item);
	const response = await run.call('queries.deleteQuery', { params, itemIndex });
	return deletedResult(params.query_id, response);
}
