import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { SpokenContentSearchRequest } from '../../../shared/api';
import { datasetLocator, getDatasetId, returnAllOrLimit } from '../../../shared/descriptions';
import {
	commonSearchOptions,
	getMetadataFilters,
	getTextQuery,
	metadataFiltersField,
	moderationScoreTypeOption,
	skipModerationOption,
	textQueryField,
} from '../fields';
import { paginateSearch } from '../paginateSearch';

const properties: INodeProperties[] = [
	datasetLocator(),
	textQueryField({ placeholder: 'e.g. breaking news', description: 'What is said, in plain words (a similarity search)' }),
	...returnAllOrLimit(),
	metadataFiltersField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [moderationScoreTypeOption, skipModerationOption],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['transcript'], operation: ['searchSpokenContent'] } },
	properties,
);

/** Moments whose spoken words are closest to the query, best first, with the transcript and times. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body: SpokenContentSearchRequest = {
		dataset_id: getDatasetId.call(this, itemIndex),
		text_query: getTextQuery.call(this, itemIndex),
		...commonSearchOptions(this.getNodeParameter('options', itemIndex, {}) as IDataObject),
	};
	const metadataFilters = getMetadataFilters.call(this, itemIndex);
	if (metadataFilters) body.metadata_filters = metadataFilters;
	return await paginateSearch.call(this, itemIndex, '/api/v1/search/audio', body as unknown as IDataObject & SpokenContentSearchRequest);
}
