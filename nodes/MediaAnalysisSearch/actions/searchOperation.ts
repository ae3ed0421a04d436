import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ImageSearchRequest, TextSearchRequest } from '../../shared/api';
import { datasetLocator, returnAllOrLimit } from '../../shared/descriptions';
import { resolveDatasetId } from '../../shared/readers';
import {
	commonSearchOptions,
	getMetadataFilters,
	getQueryImage,
	getTextQuery,
	metadataFiltersField,
	optionsCollection,
	queryImageLocator,
	textQueryField,
} from './fields';
import { paginateSearch, type SearchEndpoint } from './paginateSearch';

/** Where one search operation sits in the node and which endpoint it asks. */
interface SearchSpec {
	resource: string;
	operation: string;
	/** The endpoint, by operationId. */
	endpoint: SearchEndpoint;
	/** The entries of its Options collection, sorted by name. */
	options: INodeProperties[];
	/** The largest Limit the endpoint answers, when it has one. */
	maxLimit?: number;
}

/** The parameters every search by text or image has: dataset, the query, Return All / Limit, filters, options. */
function searchDescription(spec: SearchSpec, query: INodeProperties): INodeProperties[] {
	return updateDisplayOptions({ show: { resource: [spec.resource], operation: [spec.operation] } }, [
		datasetLocator({}, { byName: true }),
		query,
		...returnAllOrLimit(spec.maxLimit, { toolLimit: true }),
		metadataFiltersField,
		optionsCollection(spec.options),
	]);
}

/** The body of one item's search: dataset, the query's fields, options, metadata filters (checked in that order). */
async function searchBody<T extends { dataset_id: string; metadata_filters?: unknown }>(
	context: IExecuteFunctions,
	itemIndex: number,
	query: () => Omit<T, 'dataset_id'>,
): Promise<T> {
	const body = {
		dataset_id: await resolveDatasetId.call(context, itemIndex),
		...query(),
		...commonSearchOptions(context.getNodeParameter('options', itemIndex, {}) as IDataObject),
	} as T;
	const metadataFilters = getMetadataFilters.call(context, itemIndex);
	if (metadataFilters) body.metadata_filters = metadataFilters;
	return body;
}

/**
 * A search by words (images, keyframes, spoken words): one output item per result, best first. The body is typed
 * as the text-to-image request, the widest of them; each endpoint gets only the options its collection offers.
 */
export function textSearchOperation(spec: SearchSpec & { queryField?: Partial<INodeProperties> }) {
	return {
		description: searchDescription(spec, textQueryField(spec.queryField)),
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
			const body = await searchBody<TextSearchRequest>(this, itemIndex, () => ({
				text_query: getTextQuery.call(this, itemIndex),
			}));
			return await paginateSearch.call(this, itemIndex, spec.endpoint, body, spec.maxLimit);
		},
	};
}

/**
 * A search by a reference image (images, keyframes): one output item per result, best first. The body is typed as
 * the image-to-image request, the widest of them; each endpoint gets only the options its collection offers.
 */
export function imageSearchOperation(spec: SearchSpec) {
	return {
		description: searchDescription(spec, queryImageLocator),
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
			const body = await searchBody<ImageSearchRequest>(this, itemIndex, () => getQueryImage.call(this, itemIndex));
			return await paginateSearch.call(this, itemIndex, spec.endpoint, body, spec.maxLimit);
		},
	};
}
