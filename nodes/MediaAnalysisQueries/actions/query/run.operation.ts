import type { INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { waitForCompletionFields } from '../../../shared/descriptions';
import { queryLocator, queryParams, waitForQuery } from './fields';

export const option = {
	name: 'Re-Run Query',
	description: 'Run a finished query again, optionally waiting for it to finish',
	action: 'Run a finished query again',
};

export const description: INodeProperties[] = [
	queryLocator({ description: 'A query that has finished (Complete, Error or Stopped) to run again' }),
	...waitForCompletionFields('query'),
];

export const toolDescription =
	'Runs a finished query again (status Complete, Error or Stopped). Needs the query ID (a UUID). Returns the query with its new status; with Wait for Completion on, once it has finished.';

/** Starts a new run (201, status Queued); a query that is still active is refused by the service. */
export async function execute(itemIndex: number, run: Run, item: Item) {
	const params = queryParams(item);
	const wait = item.waitOptions();
	const queued = await run.call('queries.runQuery', { params, itemIndex });
	return await waitForQuery(item, queued, wait);
}
