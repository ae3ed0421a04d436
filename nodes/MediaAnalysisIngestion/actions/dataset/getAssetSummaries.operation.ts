import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { datasetLocator, returnAllOrLimit } from '../../../shared/descriptions';
import { assetStatusFilter } from '../../helpers/statusFilters';

const properties: INodeProperties[] = [
	datasetLocator({}, { byName: true }),
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [assetStatusFilter],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['dataset'], operation: ['getAssetSummaries'] } },
	properties,
);

export const toolDescription =
	'Lists a short ingestion summary of each image and video of a dataset, up to the Limit: status, type, source path and when it became ready to search. Needs the dataset (its ID, a UUID, or its exact name).';

/** Version 1's Get Asset Summaries; version 1.1 has it as Get Many Asset Statuses with Detail: Summary. */
export { getAssetSummaries as execute } from './fields';
