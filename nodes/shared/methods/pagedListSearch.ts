import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { fetchRecords, type ListOf, type PagedEndpointId, type RecordOf } from '../endpoints';
import type { ApiRequest } from '../transport';

/** What a "From list" search reads (a list of the table, whose records `T` are) and how it shows each record. */
export interface PagedListSource<K extends PagedEndpointId, T = RecordOf<K>> {
	/** The list request without its page parameters, and its pagination family (`listEndpoint`). */
	list: ListOf<K>;
	/** Records asked for per page; 100 unless given. */
	pageSize?: number;
	/** Parameters that let the service filter by the text typed, merged where the style puts its page parameters. */
	serverFilter?: (filter: string | undefined) => IDataObject;
	/** Whether a record matches the text typed (trimmed, lower case), for lists the service cannot filter. */
	matches?: (record: T, text: string) => boolean;
	/** The entries one record shows as: one, several or none. */
	toResults: (record: T) => INodeListSearchItems | INodeListSearchItems[];
	/**
	 * Read further pages in the same call while the text matches too little: at most `maxPages` pages, stopping
	 * once `enough` results are found. One page per call unless given.
	 */
	scan?: { maxPages: number; enough: number };
}

/**
 * A node's `listSearch` method over `source`, or over the source built from the node's current parameters when it
 * depends on them (a function, which may read the service first, or refuse with an error saying what to choose first).
 */
export function listSearchMethod<K extends PagedEndpointId>(
	source: PagedListSource<K> | ((context: ILoadOptionsFunctions) => PagedListSource<K> | Promise<PagedListSource<K>>),
) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return await pagedListSearch(
			this,
			typeof source === 'function' ? await source(this) : source,
			filter,
			paginationToken,
		);
	};
}

/**
 * One call of a "From list" search: reads the page the `paginationToken` points at (the first without one), keeps
 * the records that match the text typed, and returns the position of the next page as the token while more follow.
 */
async function pagedListSearch<K extends PagedEndpointId>(
	context: ILoadOptionsFunctions,
	source: PagedListSource<K>,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const {
		list: [base, style],
		pageSize = 100,
		serverFilter,
		matches,
		toResults,
		scan = { maxPages: 1, enough: 0 },
	} = source;
	const filterParams = serverFilter?.(filter) ?? {};
	const request: ApiRequest =
		style.place === 'qs'
			? { ...base, qs: { ...base.qs, ...filterParams } }
			: { ...base, body: { ...(base.body as IDataObject), ...filterParams } };
	const text = filter?.trim().toLowerCase();
	let position = Number(paginationToken ?? style.firstPosition) || style.firstPosition;
	const results: INodeListSearchItems[] = [];
	for (let read = 0; read < scan.maxPages; read++) {
		const page = await fetchRecords(context, [request, style], position, pageSize);
		const records = page.items;
		const kept = text && matches ? records.filter((record) => matches(record, text)) : records;
		results.push(...kept.flatMap(toResults));
		if (page.next === undefined) return { results, paginationToken: undefined };
		position = page.next;
		if (results.length >= scan.enough) break;
	}
	return { results, paginationToken: String(position) };
}
