import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type {
	Concept,
	Connection,
	ConnectionListResponse,
	Dataset,
	DatasetGetManyResponse,
	IngestJob,
	IngestJobList,
	PagedConcepts,
} from '../api';
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

/**
 * "From list" for connections. The value is the connection name, which every endpoint that takes a connection
 * accepts (`connection_name_or_id` paths, `connection_name` of ingestion and query exports). The service has no
 * name filter, so the search text is matched here, page by page.
 */
export async function searchConnections(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const response = (await apiRequest.call(this, {
		method: 'GET',
		path: '/api/v0/connections',
		qs: { offset, limit: PAGE },
	})) as ConnectionListResponse;
	const data: Connection[] = response.data ?? [];
	const needle = filter?.trim().toLowerCase();
	const matching = needle
		? data.filter((connection) => connection.name.toLowerCase().includes(needle) || connection.connection_id === needle)
		: data;
	const links = response.meta?.links;
	const more = data.length > 0 && (links ? Boolean(links.next) : data.length === PAGE);
	return {
		results: matching.map((connection) => ({
			name: connection.name,
			value: connection.name,
			description: `${connection.type}, ${connection.status}`,
		})),
		paginationToken: more ? String(offset + data.length) : undefined,
	};
}

/**
 * "From list" for concepts (camelCase service). The service filters concepts only by dataset, so the search text is
 * matched against names here, page by page.
 */
export async function searchConcepts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const response = (await apiRequest.call(this, {
		method: 'GET',
		path: '/api/v1/concepts',
		qs: { offset, limit: PAGE },
	})) as PagedConcepts;
	const data: Concept[] = response.data ?? [];
	const needle = filter?.trim().toLowerCase();
	const matching = needle
		? data.filter((concept) => concept.name.toLowerCase().includes(needle) || concept.conceptId === needle)
		: data;
	const total = response.meta?.page?.total;
	const next = offset + data.length;
	const more = data.length > 0 && (typeof total === 'number' ? next < total : data.length === PAGE);
	return {
		results: matching.map((concept) => ({
			name: concept.name,
			value: concept.conceptId,
			description: `Dataset ${concept.datasetId}`,
		})),
		paginationToken: more ? String(next) : undefined,
	};
}

/**
 * "From list" for ingestion jobs, the most recently changed first as the service lists them. The service has no
 * text filter, so the search text is matched here (job id, type, status, file path), page by page.
 */
export async function searchIngestJobs(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const response = (await apiRequest.call(this, {
		method: 'GET',
		path: '/api/v1/ingestion/jobs',
		qs: { offset, limit: PAGE },
	})) as IngestJobList;
	const jobs: IngestJob[] = response.jobs ?? [];
	const needle = filter?.trim().toLowerCase();
	const text = (job: IngestJob) => [job.id, job.job_type, job.status, job.file_path].join(' ').toLowerCase();
	const matching = needle ? jobs.filter((job) => text(job).includes(needle)) : jobs;
	return {
		results: matching.map((job) => ({
			name: `${job.job_type} job ${job.id}`,
			value: job.id ?? '',
			description: `${job.status ?? 'unknown'}, created ${job.created_dt ?? 'at an unknown time'}`,
		})),
		paginationToken: jobs.length === PAGE ? String(offset + jobs.length) : undefined,
	};
}
