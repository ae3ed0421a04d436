import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { listEndpoint, type RequestOf } from '../../shared/endpoints';
import { datasetNotFound, paginate } from '../../shared/transport';
import { getSearchLimit } from './fields';

/** The search endpoints of the Search node, by operationId. */
export type SearchEndpoint =
	| 'audio-search'
	| 'audio-sound-search'
	| 'celebrity-matches-api-v-1-search-celebrity-matches-post'
	| 'text-to-image-search-by-person'
	| 'image-to-image'
	| 'image-to-keyframes'
	| 'text-search-api-v-1-search-text-to-image-post'
	| 'text-to-keyframes-search-api-v-1-search-text-to-keyframes-post'
	| 'transcript-exact-match'
	| 'search-videos';

/**
 * One search for one item: offset/limit travel in the JSON body, Return All walks the pages (the table gives the
 * page style, and lets a POST that got no answer be sent again: searches change nothing on the service).
 */
export async function paginateSearch(
	this: IExecuteFunctions,
	itemIndex: number,
	endpoint: SearchEndpoint,
	body: RequestOf<SearchEndpoint>,
	maxLimit?: number,
): Promise<IDataObject[]> {
	const [request, style] = listEndpoint(endpoint, { body, itemIndex, explain: datasetNotFound(body.dataset_id) });
	return await paginate.call(this, request, style, getSearchLimit.call(this, itemIndex, maxLimit));
}
