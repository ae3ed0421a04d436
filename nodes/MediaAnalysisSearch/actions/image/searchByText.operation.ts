import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TextSearchRequest } from '../../../shared/api';
import { datasetLocator, getDatasetId, returnAllOrLimit } from '../../../shared/descriptions';
import {
	assetTypeOption,
	commonSearchOptions,
	getMetadataFilters,
	getTextQuery,
	metadataFiltersField,
	moderationScoreTypeOption,
	negativeTextOption,
	skipModerationOption,
	textQueryField,
} from '../fields';
import { paginateSearch } from '../paginateSearch';

const properties: INodeProperties[] = [
	datasetLocator(),
	textQueryField(),
	...returnAllOrLimit(),
	metadataFiltersField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [assetTypeOption, moderationScoreTypeOption, negativeTextOption, skipModerationOption],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['image'], operation: ['searchByText'] } }, properties);

/** Images (and keyframes of videos) that best match the text, best first; one output item each. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body: TextSearchRequest = {
		dataset_id: getDatasetId.call(this, itemIndex),
		text_query: getTextQuery.call(this, itemIndex),
		...commonSearchOptions(this.getNodeParameter('options', itemIndex, {}) as IDataObject),
	};
	const metadataFilters = getMetadataFilters.call(this, itemIndex);
	if (metadataFilters) body.metadata_filters = metadataFilters;
	return await paginateSearch.call(this, itemIndex, '/api/v1/search/text-to-image', body as unknown as IDataObject & TextSearchRequest);
}
