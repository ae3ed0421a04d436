import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { datasetLocator } from '../../../shared/descriptions';
import { getTableName, tableLocator } from './fields';

export const option = { name: 'Get', description: 'Get the schema of a table a query can read', action: 'Get a table' };

export const description: INodeProperties[] = [
	datasetLocator({ description: 'The dataset the table belongs to' }),
	tableLocator,
];

export const toolDescription =
	'Gets the schema of one table a query over a dataset can read: its columns and their types. Needs the dataset (its ID, a UUID, or its exact name) and the table name (from listing the tables). Returns name and table_schema.';

/** The table's schema, naming its dataset. A 404 names the table or the dataset, whichever the service says. */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const datasetId = await item.datasetId();
	const tableName = getTableName(item);
	const table = await run.call('queries.getTable', {
		params: { dataset_id: datasetId, table_name: tableName },
		itemIndex,
		explain: (failure, details) => {
			if (failure.status !== 404) return undefined;
			const datasetGone = details.some((detail) => /dataset/i.test(detail));
			return datasetGone
				? {
						message: `Dataset ${datasetId} not found`,
						description:
							'Check the dataset ID: it may be mistyped or deleted. Choosing the dataset "From list" shows what exists.',
					}
				: {
						message: `Table "${tableName}" not found in dataset ${datasetId}`,
						description: "Choose the table From list, or list the dataset's tables with Table › Get Many.",
					};
		},
	});
	return { dataset_id: datasetId, ...table };
}
