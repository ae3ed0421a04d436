import type { INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { Item } from '../../../shared/item';
import type { ItemRunner } from '../../../shared/router';
import { queryLocator, queryParams } from './fields';
import { readResults, readResultsOutput, resultsOutputFields } from './resultsOutput';

export const option = {
	name: 'Get Results',
	description: 'Get the result rows of a complete query, or a link to its results file',
	action: 'Get the results of a query',
};

export const description: INodeProperties[] = [
	queryLocator({ description: 'A query whose status is Complete' }),
	...resultsOutputFields(),
];

export const toolDescription =
	'Gets the result rows of a complete query, up to the Limit, one item per row (or, if set so in the node, a link to the results file). Needs the query ID (a UUID); the query must have status Complete.';

/** Items read their results one after another (`readResults`), hence a batch operation. */
export async function executeBatch(items: INodeExecutionData[], runner: ItemRunner): Promise<INodeExecutionData[]> {
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		await runner.attempt([itemIndex], async () => {
			const item = new Item(runner.run, itemIndex);
			const { query_id } = queryParams(item);
			runner.emit(itemIndex, await readResults(item, query_id, readResultsOutput(item)));
		});
	}
	return runner.output();
}
