import type { IDataObject } from 'n8n-workflow';

import { HINTS } from '../http/failures';
import { isRecord } from './check';
import { explainedError } from './errors';
import { checkedRequest } from './request';
import type { Run } from './run';
import type { ApiRequest, Page, PageLimit, PageStyle } from './types';
import { hash } from './written';

/** Bounds of one list walk, for a service that keeps inventing records (or says `has_next_page` forever). */
export const PAGE_BOUNDS = { maxPages: 2_000, maxRecords: 200_000, maxRereads: 10 };

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

/**
 * Reads the page at `position`. An answer without its list is an error, never an empty page; entries that are not
 * records become no item but still count toward the position, so no record is skipped or read twice.
 */
export async function fetchPage(
	run: Run,
	request: ApiRequest,
	style: PageStyle,
	position: number,
	pageSize: number,
): Promise<Page> {
	const params = style.params(position, pageSize);
	const { answer, listed } = await checkedRequest(run, {
		...request,
		answer: style,
		qs: style.place === 'qs' ? { ...request.qs, ...params } : request.qs,
		body: style.place === 'body' ? { ...(request.body as IDataObject), ...params } : request.body,
	});
	const items = style.items(answer) as IDataObject[];
	const received = listed ?? items.length;
	const edge = (entry: unknown) => JSON.stringify(entry) ?? 'undefined';
	return {
		items,
		next: style.next(answer, position, pageSize, received),
		received,
		fingerprint: received === 0 ? '' : `${received}|${edge(items[0])}|${edge(items[items.length - 1])}`,
	};
}

/** A listed record's `id`, the one field every list names its records by that has one. */
const idOf = (record: IDataObject) =>
	typeof record.id === 'string' || typeof record.id === 'number' ? `#${record.id}` : undefined;
/** What identifies a listed record while a list is read: its `id`, else a hash of its whole content. */
const identityOf = (record: IDataObject) => idOf(record) ?? `~${hash(JSON.stringify(record))}`;

/**
 * Yields one page at a time; stops with an error at a page already given or past `PAGE_BOUNDS`.
 *
 * `consistent` (a Return All or Limit read of a list): the list may change while it is read. On an offset-counted
 * list (in the query, not a search's ranking) each page after the first starts at the last entry of the one before;
 * a page that does not begin with an entry already read, nor holds that last entry, means entries before it were removed meanwhile and others moved up unread, so the
 * read steps a page back and reads again (at most `maxRereads` times, then an error that says so). Records are given
 * once: re-read entries and records with an ID already given (a record added meanwhile pushes others down) are left out.
 * A page-numbered list cannot overlap: after each page the last record of the page before is read again alone, and
 * when it is not there the list moved, so the page before is read again (within the same bound).
 */
export async function* pages(
	run: Run,
	request: ApiRequest,
	style: PageStyle,
	wanted: number,
	{ consistent = false } = {},
): AsyncGenerator<IDataObject[]> {
	// One page size throughout: page-numbered families would skip or repeat records if it changed between pages.
	const pageSize = Math.min(style.maxPageSize, wanted);
	// Offset-counted lists only: page numbers cannot overlap, and a search's ranking is not a list that shifts.
	const overlap = consistent && style.firstPosition === 0 && style.place === 'qs' && pageSize > 1 ? 1 : 0;
	// Page-numbered lists cannot overlap: after each page the last record of the page before is read again alone
	// (page `n × size` of size 1), and a record not found there means the list moved under the read.
	const probe = consistent && style.firstPosition === 1 && style.place === 'qs' && pageSize > 1;
	let lastOfPage: { page: number; identity: string } | undefined;
	const seen = new Set<string>();
	/** Identities of the entries read so far (`identityOf`): a record with an ID already given is not given again. */
	const given = new Set<string>();
	let last: string | undefined;
	let position: number | undefined = style.firstPosition;
	let remaining = wanted;
	let pagesRead = 0;
	let received = 0;
	let rereads = 0;
	const node = run.context.getNode();
	const keptChanging = () =>
		explainedError(node, {
			message: `The list ${request.method} ${request.path} kept changing while it was read: records moved ahead of the read ${rereads} times, so some may be missing`,
			description: `${given.size} records were read. Run the node again when the list changes less, or use the operation's filters to read a smaller list.`,
			itemIndex: request.itemIndex,
		});
	while (position !== undefined && remaining > 0) {
		if (pagesRead >= PAGE_BOUNDS.maxPages || received >= PAGE_BOUNDS.maxRecords) {
			throw explainedError(node, {
				message: `Stopped reading ${request.method} ${request.path} after ${pagesRead} pages (${received} entries): the service still reported more`,
				description: `One list read fetches at most ${PAGE_BOUNDS.maxPages} pages or ${PAGE_BOUNDS.maxRecords} records, so a service that never reports its last page cannot hold the workflow. Use a Limit or the operation's filters to read less.`,
				itemIndex: request.itemIndex,
			});
		}
		const page: Page = await fetchPage(run, request, style, position, pageSize);
		if (page.fingerprint !== '' && seen.has(page.fingerprint) && rereads === 0) {
			throw explainedError(node, {
				message: `${request.method} ${request.path} answered a page it had already sent (asked for position ${position}): the service ignores the page position`,
				description: `Reading on would return the same records again and again, so the node stopped. ${HINTS.baseUrl} If it is, the service is misbehaving: try again later or use a Limit.`,
				itemIndex: request.itemIndex,
			});
		}
		seen.add(page.fingerprint);
		pagesRead++;
		received += page.received;
		let records = page.items;
		if (overlap && last !== undefined && records.length > 0) {
			const at = records.findIndex((record) => identityOf(record) === last);
			if (at === -1 && !given.has(identityOf(records[0]))) {
				if (rereads >= PAGE_BOUNDS.maxRereads) throw keptChanging();
				rereads++;
				position = Math.max(style.firstPosition, position - pageSize + overlap);
				last = undefined;
				continue;
			}
			// The entries up to the last one of the page before were read already.
			records = at === -1 ? records : records.slice(at + 1);
		}
		const fresh: IDataObject[] = [];
		for (const record of records) {
			// By `id` always; a record without one by its content once the read stepped back (it may be read again).
			const identity = consistent ? (idOf(record) ?? (rereads > 0 ? identityOf(record) : undefined)) : undefined;
			if (identity !== undefined && given.has(identity)) continue;
			fresh.push(record);
		}
		if (consistent) for (const record of page.items) given.add(identityOf(record));
		let movedBack = false;
		if (probe) {
			if (lastOfPage && lastOfPage.page === position - 1) {
				const check = await fetchPage(run, request, style, lastOfPage.page * pageSize, 1);
				const still = check.items[0] === undefined ? undefined : identityOf(check.items[0]);
				movedBack = still !== lastOfPage.identity;
			}
			lastOfPage =
				page.items.length === pageSize && page.received === pageSize
					? { page: position, identity: identityOf(page.items[page.items.length - 1]) }
					: undefined;
		}
		// The next page starts at this one's last entry, when that entry is a record (one to recognize it by).
		const anchored = overlap === 1 && page.items.length > 0 && page.items.length === page.received;
		last = anchored ? identityOf(page.items[page.items.length - 1]) : undefined;
		remaining -= fresh.length;
		// A next position that does not move forward would read the same page forever.
		const next = page.next !== undefined && anchored && page.received > 1 ? page.next - 1 : page.next;
		const previous: number = position;
		position = next !== undefined && next > position ? next : undefined;
		if (movedBack) {
			// Records before this page moved: some of the page before may have moved onto it unread, or off it.
			if (rereads >= PAGE_BOUNDS.maxRereads) throw keptChanging();
			rereads++;
			lastOfPage = undefined;
			position = previous - 1;
		}
		yield fresh;
	}
}

export async function paginate(
	run: Run,
	request: ApiRequest,
	style: PageStyle,
	{ returnAll, limit }: PageLimit,
): Promise<IDataObject[]> {
	const wanted = returnAll ? Number.POSITIVE_INFINITY : Math.max(0, limit ?? 50);
	const collected: IDataObject[] = [];
	for await (const page of pages(run, request, style, wanted, { consistent: true })) {
		for (const item of page) {
			if (collected.length >= wanted) break;
			collected.push(item);
		}
	}
	return collected;
}
