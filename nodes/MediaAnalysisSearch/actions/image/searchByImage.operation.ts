import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ImageSearchRequest } from '../../../shared/api';
import { datasetLocator, getDatasetId, returnAllOrLimit } from '../../../shared/descriptions';
import {
	MAX_SEARCH_LIMIT,
	assetTypeOption,
	commonSearchOptions,
	getMetadataFilters,
	getQueryImage,
	metadataFiltersField,
	moderationScoreTypeOption,
	queryImageLocator,
	skipModerationOption,
} from '../fields';
import { paginateSearch } from '../paginateSearch';

const properties: INodeProperties[] = [
	datasetLocator(),
	queryImageLocator,
	...returnAllOrLimit(MAX_SEARCH_LIMIT),
	metadataFiltersField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [assetTypeOption, moderationScoreTypeOption, skipModerationOption],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['image'], operation: ['searchByImage'] } }, properties);

/** Images (and keyframes) that look most like the query image, best first; Limit is 1 to 1000. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body: ImageSearchRequest = {
		dataset_id: getDatasetId.call(this, itemIndex),
		...getQueryImage.call(this, itemIndex),
		...commonSearchOptions(this.getNodeParameter('options', itemIndex, {}) as IDataObject),
	};
	const metadataFilters = getMetadataFilters.call(this, itemIndex);
	if (metadataFilters) body.metadata_filters = metadataFilters;
	return await paginateSearch.call(this, itemIndex, '/api/v1/search/image-to-image', body as unknown as IDataObject & ImageSearchRequest, {
		maxLimit: MAX_SEARCH_LIMIT,
	});
}
