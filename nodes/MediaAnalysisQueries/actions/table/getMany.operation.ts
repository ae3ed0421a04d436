import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { datasetLocator, returnAllOrLimit } from '../../../shared/descriptions';
import { withinLimit } from '../../../shared/readers';

export const option = {
	name: 'Get Many',
	description: 'List the tables a query over a dataset can read',
	action: 'Get many tables',
};

export const description: INodeProperties[] = [
	datasetLocator({ description: 'The dataset whose tables to list' }),
	...returnAllOrLimit(undefined, { toolLimit: true }),
];

export const toolDescription =
	"Lists the tables a query over one dataset can read, with each table's columns. Needs the dataset (its ID, a UUID, or its exact name). Returns each table with its name and table_schema; write SQL against these names.";

/** One item per table, naming its dataset. */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const datasetId = await item.datasetId();
	const page = item.pageLimit();
	const answer = await run.call('queries.listTables', { params: { dataset_id: datasetId }, itemIndex });
	return withinLimit(answer.tables as IDataObject[], page).map((table) => ({ dataset_id: datasetId, ...table }));
}
