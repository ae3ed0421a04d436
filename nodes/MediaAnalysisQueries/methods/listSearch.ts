import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { ALL, Run } from '../../shared/run';

import { datasetsMatching, recordsNamed } from '../../shared/readers';
import { listEndpoint } from '../../shared/endpoints';
import { listSearchMethod } from '../../shared/methods/pagedListSearch';
import { UUID_PATTERN } from '../../shared/validation';
import { tableColumns } from '../actions/query/fields';

/** "From list" for queries: newest pages first as the service lists them, matched on text or ID here. */
export const searchQueries = listSearchMethod<'queries.listQueries'>({
	list: listEndpoint('queries.listQueries'),
	matches: (query, text) => query.query.toLowerCase().includes(text) || query.query_id === text,
	toResults: (query) => ({
		name: query.query.length > 70 ? `${query.query.slice(0, 67)}...` : query.query,
		value: query.query_id,
		description: `${query.type}, ${query.status}`,
	}),
});

type Results = INodeListSearchResult['results'];

/**
 * A "From list" of what the dataset chosen in the node holds (`read`, given the typed text in lower case, matched
 * here), empty while no dataset is chosen.
 */
function ofChosenDataset(read: (run: Run, datasetId: string, text: string) => Promise<Results>) {
	return async function (this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		const datasetId = await chosenDataset(this);
		return { results: datasetId ? await read(new Run(this), datasetId, (filter ?? '').trim().toLowerCase()) : [] };
	};
}

/** "From list" for the embedding of a query: the embeddings of the dataset chosen in the node. */
export const searchEmbeddings = ofChosenDataset(async (run, datasetId) => {
	const dataset = await run.call('datasets.get', { params: { dataset_id: datasetId } });
	return (dataset.embeddings ?? []).map((embedding) => ({
		name: String(embedding.name ?? embedding.id),
		value: String(embedding.id),
	}));
});

/** The dataset chosen in the node (By ID, From list, or By Name looked up), or undefined while none is. */
async function chosenDataset(context: ILoadOptionsFunctions): Promise<string | undefined> {
	const locator = context.getCurrentNodeParameter('datasetId') as { mode?: string; value?: unknown } | undefined;
	const value = typeof locator?.value === 'string' ? locator.value.trim() : '';
	if (!value || value.includes('{{')) return undefined;
	if (new RegExp(`^${UUID_PATTERN}$`, 'i').test(value)) return value;
	if (locator?.mode !== 'name') return undefined;
	const name = String(locator.value);
	const { named } = recordsNamed(await datasetsMatching(new Run(context), name), name);
	return named.length === 1 && typeof named[0].id === 'string' ? named[0].id : undefined;
}

/** The columns of a table in words, when its schema lists them (`name type, …`). */
function columnsOf(table: IDataObject): string {
	const columns = tableColumns(table).map((field) => `${field.name} ${String(field.type ?? '')}`.trim());
	return columns.length > 12 ? `${columns.slice(0, 12).join(', ')}, … (${columns.length} columns)` : columns.join(', ');
}

/** "From list" for a table: the tables of the dataset chosen in the node (columns as the description), matched here. */
export const searchTables = ofChosenDataset(async (run, datasetId, text) => {
	const { tables } = await run.call('queries.listTables', { params: { dataset_id: datasetId } });
	return (tables as IDataObject[])
		.filter((table) => typeof table.name === 'string' && (!text || table.name.toLowerCase().includes(text)))
		.map((table) => ({
			name: String(table.name),
			value: String(table.name),
			description: columnsOf(table) || undefined,
		}));
});

/**
 * "From list" for the concept of Get Concept Scores: the concepts of the dataset chosen in the node, by name (the
 * name is the column of its scores), matched here.
 */
export const searchConceptNames = ofChosenDataset(async (run, datasetId, text) => {
	const concepts = await run.list('concepts.list', { qs: { datasets: [datasetId] }, limit: ALL });
	return concepts
		.filter((concept) => !text || concept.name.toLowerCase().includes(text))
		.sort((a, b) => a.name.localeCompare(b.name))
		.map((concept) => ({
			name: concept.name,
			value: concept.name,
			description: concept.description ?? undefined,
		}));
});
