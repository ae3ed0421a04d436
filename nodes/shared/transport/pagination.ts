import type { IDataObject } from 'n8n-workflow';

import { apiRequest, type ApiContext, type ApiRequest } from './request';

/**
 * How one pagination family of the service asks for a page and tells whether another follows.
 * `position` is an offset (items) or a page number, whatever the family counts in.
 */
export interface PageStyle {
	firstPosition: number;
	/** Largest page the service returns; asking for more would be silently capped. */
	maxPageSize: number;
	place: 'qs' | 'body';
	params(position: number, pageSize: number): IDataObject;
	items(response: IDataObject): IDataObject[];
	/** The next position, or undefined when this was the last page. */
	next(response: IDataObject, position: number, pageSize: number, received: number): number | undefined;
}

type Meta = {
	meta?: { page?: IDataObject; links?: IDataObject; has_next_page?: boolean } | null;
	has_next_page?: boolean;
};

const dataOf = (response: IDataObject) => (Array.isArray(response?.data) ? (response.data as IDataObject[]) : []);

/** Offset pages that report a total: stop at the total, and on an empty or short page when none is given. */
function nextOffset(total: unknown, position: number, pageSize: number, received: number) {
	if (received === 0) return undefined;
	const after = position + received;
	if (typeof total === 'number') return after < total ? after : undefined;
	return received < pageSize ? undefined : after;
}

/** Datasets: `skip`/`limit`, snake_case meta with a total. */
export const skipLimit: PageStyle = {
	firstPosition: 0,
	maxPageSize: 100,
	place: 'qs',
	params: (position, pageSize) => ({ skip: position, limit: pageSize }),
	items: dataOf,
	next: (response, position, pageSize, received) =>
		nextOffset((response as Meta).meta?.page?.total, position, pageSize, received),
};

/** Ingestion status endpoints: `offset`/`limit`, the datasets' meta, or a bare `{data: []}` when empty. */
export const offsetLimit: PageStyle = {
	...skipLimit,
	params: (position, pageSize) => ({ offset: position, limit: pageSize }),
};

/** Concepts and labels: `offset`/`limit`, camelCase meta (`currentPage`, `lastPage`, `total`). */
export const offsetLimitCamelCase: PageStyle = offsetLimit;

/** Connections and queries: `offset`/`limit`, and `meta.links.next` while more follow. */
export const offsetLimitLinks: PageStyle = {
	...offsetLimit,
	next: (response, position, pageSize, received) => {
		if (received === 0) return undefined;
		const links = (response as Meta).meta?.links;
		if (links && 'next' in links) return links.next ? position + received : undefined;
		return received < pageSize ? undefined : position + received;
	},
};

/** Celebrity persons and dynamic-tag groups: 1-based `page`/`per_page` (at most 100) and `has_next_page`. */
export const pagePerPage: PageStyle = {
	firstPosition: 1,
	maxPageSize: 100,
	place: 'qs',
	params: (page, pageSize) => ({ page, per_page: pageSize }),
	items: dataOf,
	next: (response, page, _pageSize, received) =>
		// The OpenAPI document puts has_next_page inside meta; a top-level one is read too.
		received > 0 && ((response as Meta).meta?.has_next_page ?? (response as Meta).has_next_page) === true
			? page + 1
			: undefined,
};

/** The ingestion jobs list: `offset`/`limit`, answered as `{jobs: [...]}` with no meta. */
export const jobsList: PageStyle = {
	...offsetLimit,
	items: (response) => (Array.isArray(response?.jobs) ? (response.jobs as IDataObject[]) : []),
	next: (_response, position, pageSize, received) => nextOffset(undefined, position, pageSize, received),
};

/** Searches: `offset`/`limit` inside the JSON body, answered as `{data: [...]}` with no meta. */
export const searchBody: PageStyle = {
	...offsetLimit,
	place: 'body',
	next: (_response, position, pageSize, received) => nextOffset(undefined, position, pageSize, received),
};

/** Video search: `offset`/`limit` inside the JSON body, answered as `{results: [...]}` with no meta. */
export const videoSearchBody: PageStyle = {
	...searchBody,
	items: (response) => (Array.isArray(response?.results) ? (response.results as IDataObject[]) : []),
};

export interface PageLimit {
	returnAll: boolean;
	/** Used when returnAll is false. */
	limit?: number;
}

/** One page of a list, and the position of the next page (undefined after the last). */
export interface Page {
	items: IDataObject[];
	next: number | undefined;
}

/** Reads the page at `position` (an offset or page number, as the family counts) of `pageSize` items. */
export async function fetchPage(
	this: ApiContext,
	request: ApiRequest,
	style: PageStyle,
	position: number,
	pageSize: number,
): Promise<Page> {
	const params = style.params(position, pageSize);
	const response = (await apiRequest.call(this, {
		...request,
		qs: style.place === 'qs' ? { ...request.qs, ...params } : request.qs,
		body: style.place === 'body' ? { ...(request.body as IDataObject), ...params } : request.body,
	})) as IDataObject;
	const items = style.items(response);
	return { items, next: style.next(response, position, pageSize, items.length) };
}

/** Yields one page of items at a time, so callers that stream need not hold every record. */
export async function* pages(
	this: ApiContext,
	request: ApiRequest,
	style: PageStyle,
	wanted: number,
): AsyncGenerator<IDataObject[]> {
	// One page size throughout: page-numbered families would skip or repeat records if it changed between pages.
	const pageSize = Math.min(style.maxPageSize, wanted);
	let position: number | undefined = style.firstPosition;
	let remaining = wanted;
	while (position !== undefined && remaining > 0) {
		const page: Page = await fetchPage.call(this, request, style, position, pageSize);
		remaining -= page.items.length;
		position = page.next;
		yield page.items;
	}
}

/** Return All / Limit over any pagination family: every page once, none skipped, stopping at the limit. */
export async function paginate(
	this: ApiContext,
	request: ApiRequest,
	style: PageStyle,
	{ returnAll, limit }: PageLimit,
): Promise<IDataObject[]> {
	const wanted = returnAll ? Number.POSITIVE_INFINITY : Math.max(0, limit ?? 50);
	const collected: IDataObject[] = [];
	for await (const page of pages.call(this, request, style, wanted)) {
		for (const item of page) {
			if (collected.length >= wanted) break;
			collected.push(item);
		}
	}
	return collected;
}
