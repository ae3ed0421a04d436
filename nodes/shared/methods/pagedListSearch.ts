import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { type ListOf, type PagedEndpointId, type RecordOf } from '../endpoints';
import { type ApiRequest } from '../transport';
import { Run } from '../run';

/** What a "From list" search reads and how it shows each record. */
export interface PagedListSource<K extends PagedEndpointId, T = RecordOf<K>> {
	list: ListOf<K>;
	pageSize?: number;
	/** Parameters that let the service filter by the text typed. */
	serverFilter?: (filter: string | undefined) => IDataObject;
	/** Whether a record matches the text typed (trimmed, lower case), for lists the service cannot filter. */
	matches?: (record: T, text: string) => boolean;
	toResults: (record: T) => INodeListSearchItems | INodeListSearchItems[];
	/** Pages read in one call while the text matches fewer than `enough` (one unless given). */
	scan?: { maxPages: number; enough: number };
}

/**
 * A node's `listSearch` method over `source`, or over one built from the node's current parameters. Each call reads
 * the page `paginationToken` points at; the next position is the next token.
 */
export function listSearchMethod<K extends PagedEndpointId>(
	source: PagedListSource<K> | ((context: ILoadOptionsFunctions) => PagedListSource<K> | Promise<PagedListSource<K>>),
) {
	return async function (
		this: ILoadOptionsFunctions,
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
		} = typeof source === 'function' ? await source(this) : source;
		const filterParams = serverFilter?.(filter) ?? {};
		const request: ApiRequest =
			style.place === 'qs'
				? { ...base, qs: { ...base.qs, ...filterParams } }
				: { ...base, body: { ...(base.body as IDataObject), ...filterParams } };
		const text = filter?.trim().toLowerCase();
		let position = Number(paginationToken ?? style.firstPosition) || style.firstPosition;
		const results: INodeListSearchItems[] = [];
		for (let read = 0; read < scan.maxPages; read++) {
			const page = await new Run(this).list<K>([request, style], { page: position, pageSize });
			const kept = text && matches ? page.items.filter((record) => matches(record, text)) : page.items;
			results.push(...kept.flatMap(toResults));
			if (page.next === undefined) return { results, paginationToken: undefined };
			position = page.next;
			if (results.length >= scan.enough) break;
		}
		return { results, paginationToken: String(position) };
	};
}
