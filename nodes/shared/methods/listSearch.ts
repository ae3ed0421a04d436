import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { Dataset, DatasetGetManyResponse } from '../api';
import { apiRequest } from '../transport';

const PAGE = 100;

/** "From list" for datasets: searches by name and pages with the service's `skip`. */
export async function searchDatasets(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const skip = Number(paginationToken ?? 0) || 0;
	const qs: IDataObject = { skip, limit: PAGE };
	if (filter) qs.name_pattern = filter;
	const response = (await apiRequest.call(this, {
		method: 'GET',
		path: '/api/v1/datasets',
		qs,
	})) as DatasetGetManyResponse;
	const data: Dataset[] = response.data ?? [];
	const total = response.meta?.page?.total;
	const next = skip + data.length;
	const more = data.length > 0 && (typeof total === 'number' ? next < total : data.length === PAGE);
	return {
		results: data.map((dataset) => ({ name: dataset.name, value: dataset.id })),
		paginationToken: more ? String(next) : undefined,
	};
}
