import type { Concept, Connection, Dataset, IngestJob } from '../api';
import { jobsList, offsetLimitCamelCase, offsetLimitLinks, skipLimit } from '../transport';
import { listSearchMethod } from './pagedListSearch';

/** How a concept shows in lists (names are unique only within a dataset, so the dataset is named). */
export const conceptEntry = (concept: Concept) => ({
	name: concept.name,
	value: concept.conceptId,
	description: `Dataset ${concept.datasetId}`,
});

/** "From list" for datasets: searches by name and pages with the service's `skip`. */
export const searchDatasets = listSearchMethod<Dataset>({
	request: { method: 'GET', path: '/api/v1/datasets' },
	style: skipLimit,
	serverFilter: (text) => (text ? { name_pattern: text } : {}),
	toResults: (dataset) => ({ name: dataset.name, value: dataset.id }),
});

/**
 * "From list" for connections. The value is the connection name, which every endpoint that takes a connection
 * accepts (`connection_name_or_id` paths, `connection_name` of ingestion and query exports). The service has no
 * name filter, so the search text is matched here, page by page.
 */
export const searchConnections = listSearchMethod<Connection>({
	request: { method: 'GET', path: '/api/v0/connections' },
	style: offsetLimitLinks,
	matches: (connection, text) => connection.name.toLowerCase().includes(text) || connection.connection_id === text,
	toResults: (connection) => ({
		name: connection.name,
		value: connection.name,
		description: `${connection.type}, ${connection.status}`,
	}),
});

/**
 * "From list" for concepts (camelCase service). The service filters concepts only by dataset, so the search text is
 * matched against names here, page by page.
 */
export const searchConcepts = listSearchMethod<Concept>({
	request: { method: 'GET', path: '/api/v1/concepts' },
	style: offsetLimitCamelCase,
	matches: (concept, text) => concept.name.toLowerCase().includes(text) || concept.conceptId === text,
	toResults: conceptEntry,
});

/**
 * "From list" for ingestion jobs, the most recently changed first as the service lists them. The service has no
 * text filter, so the search text is matched here (job id, type, status, file path), page by page.
 */
export const searchIngestJobs = listSearchMethod<IngestJob>({
	request: { method: 'GET', path: '/api/v1/ingestion/jobs' },
	style: jobsList,
	matches: (job, text) => [job.id, job.job_type, job.status, job.file_path].join(' ').toLowerCase().includes(text),
	toResults: (job) => ({
		name: `${job.job_type} job ${job.id}`,
		value: job.id ?? '',
		description: `${job.status ?? 'unknown'}, created ${job.created_dt ?? 'at an unknown time'}`,
	}),
});
