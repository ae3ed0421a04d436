import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { Dataset, Query, QueryListResponse } from '../../shared/api';
import { apiRequest } from '../../shared/transport';

const PAGE = 100;

/** "From list" for queries: newest pages first as the service lists them, matched on text or ID here. */
export async function searchQueries(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const response = (await apiRequest.call(this, {
		method: 'GET',
		path: '/api/v1/queries',
		qs: { offset, limit: PAGE },
	})) as unknown as QueryListResponse;
	const data: Query[] = response.data ?? [];
	const needle = filter?.trim().toLowerCase();
	const matching = needle
		? data.filter((query) => query.query.toLowerCase().includes(needle) || query.query_id === needle)
		: data;
	const links = response.meta?.links;
	const more = data.length > 0 && (links ? Boolean(links.next) : data.length === PAGE);
	return {
		results: matching.map((query) => ({
			name: query.query.length > 70 ? `${query.query.slice(0, 67)}...` : query.query,
			value: query.query_id,
			description: `${query.type}, ${query.status}`,
		})),
		paginationToken: more ? String(offset + data.length) : undefined,
	};
}

/** "From list" for the embedding of a query: the embeddings of the dataset chosen in the node. */
export async function searchEmbeddings(this: ILoadOptionsFunctions): Promise<INodeListSearchResult> {
	const datasetId = this.getCurrentNodeParameter('datasetId', { extractValue: true });
	if (typeof datasetId !== 'string' || !datasetId.trim()) return { results: [] };
	const dataset = (await apiRequest.call(this, {
		method: 'GET',
		path: `/api/v1/datasets/${encodeURIComponent(datasetId.trim())}`,
		resourceLabel: 'Dataset',
	})) as unknown as Dataset;
	const embeddings = (dataset.embeddings ?? []) as IDataObject[];
	return {
		results: embeddings.map((embedding) => ({ name: String(embedding.name ?? embedding.id), value: String(embedding.id) })),
	};
}
