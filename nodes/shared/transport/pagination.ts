import type { IDataObject } from 'n8n-workflow';

import { HINTS } from '../http/failures';
import { entriesListed, isRecord } from './check';
import { explainedError } from './errors';
import { apiRequest, type ApiContext, type ApiRequest } from './request';

/** How a pagination family asks for a page and tells whether another follows (`position`: offset or page number). */
export interface PageStyle<At extends readonly string[] = readonly string[]> {
	/** Where the document puts the page's list (what `items` reads, and `RecordOf` types the records from). */
	listAt: At;
	firstPosition: number;
	/** Largest page the service returns; asking for more would be silently capped. */
	maxPageSize: number;
	place: 'qs' | 'body';
	params(position: number, pageSize: number): IDataObject;
	/** The page's list as sent, or undefined when the answer holds none where the document puts it. */
	items(response: IDataObject): unknown[] | undefined;
	/** The next position, or undefined after the last page. `received` counts every entry of the list. */
	next(response: IDataObject, position: number, pageSize: number, received: number): number | undefined;
}

/** Bounds of one list walk, for a service that keeps inventing records (or says `has_next_page` forever). */
export const PAGE_BOUNDS = { maxPages: 2_000, maxRecords: 200_000 };

type Meta = {
	meta?: { page?: IDataObject; links?: IDataObject; has_next_page?: boolean } | null;
	has_next_page?: boolean;
};

const listUnder = (key: string) => (response: IDataObject) => {
	const list = response[key];
	return Array.isArray(list) ? (list as unknown[]) : undefined;
};
const dataOf = listUnder('data');
const listedUnder = <Key extends string>(key: Key) => ({ listAt: [key] as [Key], items: listUnder(key) });
/** Offset pages that report a total: stop at the total, and on an empty or short page when none is given. */
function nextOffset(total: unknown, position: number, pageSize: number, received: number) {
	if (received === 0) return undefined;
	const after = position + received;
	if (typeof total === 'number') return after < total ? after : undefined;
	return received < pageSize ? undefined : after;
}

/** Datasets: `skip`/`limit`, snake_case meta with a total. */
export const skipLimit: PageStyle<['data']> = {
	listAt: ['data'],
	firstPosition: 0,
	maxPageSize: 100,
	place: 'qs',
	params: (position, pageSize) => ({ skip: position, limit: pageSize }),
	items: dataOf,
	next: (response, position, pageSize, received) =>
		nextOffset((response as Meta).meta?.page?.total, position, pageSize, received),
};

/** Ingestion statuses: as datasets with `offset`; the document's EmptyResponse (`data` optional) is an empty page. */
export const offsetLimit: PageStyle<['data']> = {
	...skipLimit,
	params: (position, pageSize) => ({ offset: position, limit: pageSize }),
	items: (response) => ('data' in response ? dataOf(response) : []),
};

/** Concepts and labels: `offset`/`limit`, camelCase meta (`currentPage`, `lastPage`, `total`); `data` required. */
export const offsetLimitCamelCase: PageStyle<['data']> = { ...offsetLimit, items: dataOf };

/** Connections and queries: `offset`/`limit`, and `meta.links.next` while more follow. */
export const offsetLimitLinks: PageStyle<['data']> = {
	...offsetLimitCamelCase,
	next: (response, position, pageSize, received) => {
		if (received === 0) return undefined;
		const links = (response as Meta).meta?.links;
		if (typeof links === 'object' && links !== null && 'next' in links)
			return links.next ? position + received : undefined;
		return received < pageSize ? undefined : position + received;
	},
};

/** Users of the organization (auth management): `offset`/`limit`, meta with a total, the list under `users`. */
export const usersPages: PageStyle<['users']> = { ...offsetLimitCamelCase, ...listedUnder('users') };

/** Pending user invitations (auth management): as users, the list under `user_invitations`. */
export const invitationsPages: PageStyle<['user_invitations']> = {
	...offsetLimitCamelCase,
	...listedUnder('user_invitations'),
};

/** Celebrity persons and dynamic-tag groups: 1-based `page`/`per_page` (at most 100) and `has_next_page`. */
export const pagePerPage: PageStyle<['data']> = {
	listAt: ['data'],
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
export const jobsList: PageStyle<['jobs']> = {
	...offsetLimitCamelCase,
	...listedUnder('jobs'),
	next: (_response, position, pageSize, received) => nextOffset(undefined, position, pageSize, received),
};

type JobStatusAnswer = { data?: { status?: unknown; assets?: IDataObject | null } | unknown[] };

/** The asset page of a job status answer: `{}` while there is none, undefined when `data` is not what it may be. */
function jobAssetsOf(response: IDataObject): IDataObject | undefined {
	const { data } = response as JobStatusAnswer;
	if (data === undefined || (Array.isArray(data) && data.length === 0)) return {};
	if (!isRecord(data)) return undefined;
	return isRecord(data.assets) ? data.assets : data.assets === undefined || data.assets === null ? {} : undefined;
}

/** An ingestion job's status: its assets paged under `data.assets` (none yet: EmptyResponse or no `assets`). */
export const jobStatusPages: PageStyle<['data', 'assets', 'data']> = {
	...offsetLimit,
	listAt: ['data', 'assets', 'data'],
	items: (response) => {
		const assets = jobAssetsOf(response);
		return assets && ('data' in assets ? dataOf(assets) : []);
	},
	next: (response, position, pageSize, received) =>
		offsetLimit.next(jobAssetsOf(response) ?? {}, position, pageSize, received),
};

/** Searches: `offset`/`limit` inside the JSON body, answered as `{data: [...]}` with no meta. */
export const searchBody: PageStyle<['data']> = {
	...offsetLimitCamelCase,
	place: 'body',
	next: (_response, position, pageSize, received) => nextOffset(undefined, position, pageSize, received),
};

/** Video search: `offset`/`limit` inside the JSON body, answered as `{results: [...]}` with no meta. */
export const videoSearchBody: PageStyle<['results']> = {
	...searchBody,
	...listedUnder('results'),
};

export interface PageLimit {
	returnAll: boolean;
	limit?: number;
}

export interface Page {
	items: IDataObject[];
	next: number | undefined;
	/** Every entry the page held, records or not (what the position counts). */
	received: number;
	/** Identifies the page's content, to notice a service that answers the same page again. */
	fingerprint: string;
}

/**
 * Reads the page at `position`. An answer without its list is an error, never an empty page; entries that are not
 * records become no item but still count toward the position, so no record is skipped or read twice.
 */
export async function fetchPage(
	this: ApiContext,
	request: ApiRequest,
	style: PageStyle,
	position: number,
	pageSize: number,
): Promise<Page> {
	const params = style.params(position, pageSize);
	const response = await apiRequest.call(this, {
		...request,
		answer: style,
		qs: style.place === 'qs' ? { ...request.qs, ...params } : request.qs,
		body: style.place === 'body' ? { ...(request.body as IDataObject), ...params } : request.body,
	});
	const items = style.items(response) as IDataObject[];
	const received = entriesListed(items);
	const edge = (entry: unknown) => JSON.stringify(entry) ?? 'undefined';
	return {
		items,
		next: style.next(response, position, pageSize, received),
		received,
		fingerprint: received === 0 ? '' : `${received}|${edge(items[0])}|${edge(items[items.length - 1])}`,
	};
}

/** Yields one page at a time; stops with an error at a page already given or past `PAGE_BOUNDS`. */
export async function* pages(
	this: ApiContext,
	request: ApiRequest,
	style: PageStyle,
	wanted: number,
): AsyncGenerator<IDataObject[]> {
	// One page size throughout: page-numbered families would skip or repeat records if it changed between pages.
	const pageSize = Math.min(style.maxPageSize, wanted);
	const seen = new Set<string>();
	let position: number | undefined = style.firstPosition;
	let remaining = wanted;
	let read = 0;
	let received = 0;
	while (position !== undefined && remaining > 0) {
		if (read >= PAGE_BOUNDS.maxPages || received >= PAGE_BOUNDS.maxRecords) {
			throw explainedError(this.getNode(), {
				message: `Stopped reading ${request.method} ${request.path} after ${read} pages (${received} entries): the service still reported more`,
				description: `One list read fetches at most ${PAGE_BOUNDS.maxPages} pages or ${PAGE_BOUNDS.maxRecords} records, so a service that never reports its last page cannot hold the workflow. Use a Limit or the operation's filters to read less.`,
				itemIndex: request.itemIndex,
			});
		}
		const page: Page = await fetchPage.call(this, request, style, position, pageSize);
		if (page.fingerprint !== '' && seen.has(page.fingerprint)) {
			throw explainedError(this.getNode(), {
				message: `${request.method} ${request.path} answered a page it had already sent (asked for position ${position}): the service ignores the page position`,
				description: `Reading on would return the same records again and again, so the node stopped. ${HINTS.baseUrl} If it is, the service is misbehaving: try again later or use a Limit.`,
				itemIndex: request.itemIndex,
			});
		}
		seen.add(page.fingerprint);
		read++;
		received += page.received;
		remaining -= page.items.length;
		// A next position that does not move forward would read the same page forever.
		position = page.next !== undefined && page.next > position ? page.next : undefined;
		yield page.items;
	}
}

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
