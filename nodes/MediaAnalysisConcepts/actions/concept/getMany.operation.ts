import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import { collection, returnAllOrLimit, textField, UUID_LIST_EXAMPLE } from '../../../shared/descriptions';
import { assertUuid4, splitList } from '../../../shared/validation';

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

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const datasets = splitList(filters.datasetIds).map((id) => assertUuid4.call(this, id, 'Dataset IDs', itemIndex));
	return await run.list('concepts.list', {
		qs: datasets.length ? { datasets } : {},
		itemIndex,
		limit: 'parameters',
		explain: (failure, details) =>
			failure.status === 404
				? {
						message: `A dataset in the filter was not found${details[0] ? ` (${details[0]})` : ''}`,
						description:
							'Check the dataset IDs: one may be mistyped or deleted. Choosing a dataset "From list" shows what exists.',
					}
				: undefined,
	});
}
