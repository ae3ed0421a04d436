import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { Query } from '../../shared/api';
import { callEndpoint, listEndpoint } from '../../shared/endpoints';
import { listSearchMethod } from '../../shared/methods/pagedListSearch';

/** "From list" for queries: newest pages first as the service lists them, matched on text or ID here. */
export const searchQueries = listSearchMethod<Query>({
	list: listEndpoint('list-queries-api-v-1-queries-get'),
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
	const dataset = await callEndpoint(this, 'get-dataset-by-id-api-v-1-datasets-dataset-id-get', { params: { dataset_id: datasetId.trim() } });
	const embeddings = dataset.embeddings ?? [];
	return {
		results: embeddings.map((embedding) => ({ name: String(embedding.name ?? embedding.id), value: String(embedding.id) })),
	};
}
