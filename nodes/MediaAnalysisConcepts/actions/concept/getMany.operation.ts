import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { collection, returnAllOrLimit, textField, UUID_LIST_EXAMPLE } from '../../../shared/descriptions';
import { splitList } from '../../../shared/validation';
import { oneNotFound } from '../fields';

export const toolDescription =
	'Lists the visual concepts, up to the Limit, optionally only those of some datasets. Needs nothing. Returns each concept with its conceptId, name and datasetId.';

export const option = { name: 'Get Many', description: 'List concepts', action: 'Get many concepts' };

export const description: INodeProperties[] = [
	...returnAllOrLimit(undefined, { toolLimit: true }),
	collection('Filters', 'filters', 'Add Filter', [
		textField(
			'Dataset IDs',
			'datasetIds',
			UUID_LIST_EXAMPLE,
			'Comma-separated dataset IDs; only concepts of these datasets are returned',
		),
	]),
];

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const datasets = splitList(item.options('filters').datasetIds).map((id) => item.uuid4(id, 'Dataset IDs'));
	return await run.list('concepts.list', {
		qs: datasets.length ? { datasets } : {},
		itemIndex,
		limit: 'parameters',
		explain: oneNotFound(
			'A dataset in the filter was not found',
			'Check the dataset IDs: one may be mistyped or deleted. Choosing a dataset "From list" shows what exists.',
		),
	});
}
