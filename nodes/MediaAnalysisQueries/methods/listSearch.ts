import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { Dataset, Query } from '../../shared/api';
import { listSearchMethod } from '../../shared/methods/pagedListSearch';
import { apiRequest, offsetLimitLinks } from '../../shared/transport';

/** "From list" for queries: newest pages first as the service lists them, matched on text or ID here. */
export const searchQueries = listSearchMethod<Query>({
	request: { method: 'GET', path: '/api/v1/queries' },
	style: offsetLimitLinks,
	matches: (query, text) => query.query.toLowerCase().includes(text) || query.query_id === text,
	toResults: (query) => ({
		name: query.query.length > 70 ? `${query.query.slice(0, 67)}...` : query.query,
		value: query.query_id,
		description: `${query.type}, ${query.status}`,
	}),
});

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
