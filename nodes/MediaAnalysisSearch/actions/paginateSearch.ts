import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { listEndpoint, type PagedEndpointId, type RequestOf } from '../../shared/endpoints';
import { datasetNotFound, paginate } from '../../shared/transport';
import { getSearchLimit } from './fields';

/** The search endpoints of the Search node: every `search.*` entry of the table that pages (a new one is here as soon as the table has it). */
export type SearchEndpoint = Extract<PagedEndpointId, `search.${string}`>;

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
