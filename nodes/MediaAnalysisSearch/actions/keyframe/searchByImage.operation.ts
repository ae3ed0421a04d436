import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ImageToKeyframesSearchRequest } from '../../../shared/api';
import { datasetLocator, getDatasetId, returnAllOrLimit } from '../../../shared/descriptions';
import {
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

export const description = updateDisplayOptions({ show: { resource: ['keyframe'], operation: ['searchByImage'] } }, properties);

/** Video frames that look most like the query image, best first. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body: ImageToKeyframesSearchRequest = {
		dataset_id: getDatasetId.call(this, itemIndex),
		...getQueryImage.call(this, itemIndex),
		...commonSearchOptions(this.getNodeParameter('options', itemIndex, {}) as IDataObject),
	};
	const metadataFilters = getMetadataFilters.call(this, itemIndex);
	if (metadataFilters) body.metadata_filters = metadataFilters;
	return await paginateSearch.call(
		this,
		itemIndex,
		'/api/v1/search/image-to-keyframes',
		body as unknown as IDataObject & ImageToKeyframesSearchRequest,
	);
}
