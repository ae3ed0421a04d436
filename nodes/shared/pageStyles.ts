/** The service's pagination families, one `PageStyle` each: facts about its lists, which the endpoint table names. */
import type { IDataObject } from 'n8n-workflow';

import { isRecord, type PageStyle } from './transport';

type Meta = {
	meta?: { page?: IDataObject; links?: IDataObject; has_next_page?: boolean } | null;
	has_next_page?: boolean;
};

const listUnder = (key: string) => (response: IDataObject) => {
	const list = response[key];
	return Array.isArray(list) ? (list as unknown[]) : undefined;
};
const dataOf = listUnder('data');
/** Offset pages that report a total: stop at the total, and on an empty or short page when none is given. */
function nextOffset(total: unknown, position: number, pageSize: number, received: number) {
	if (received === 0) return undefined;
	const after = position + received;
	if (typeof total === 'number') return after < total ? after : undefined;
	return received < pageSize ? undefined : after;
}

/** Pages of at most 100 in the query, the list under `key`, `offset`/`limit`, a total in `meta.page`; else as `style` says. */
const offsetPages = <Key extends string>(
	key: Key,
	style: Partial<Omit<PageStyle, 'listAt'>> = {},
): PageStyle<[Key]> => ({
	listAt: [key],
	firstPosition: 0,
	maxPageSize: 100,
	place: 'qs',
	params: (position, pageSize) => ({ offset: position, limit: pageSize }),
	items: listUnder(key),
	next: (response, position, pageSize, received) =>
		nextOffset((response as Meta).meta?.page?.total, position, pageSize, received),
	...style,
});
/** Pages with no meta: the last one is empty or short. */
const noMeta: Pick<PageStyle, 'next'> = {
	next: (_response, position, pageSize, received) => nextOffset(undefined, position, pageSize, received),
};

/** Datasets: `skip`/`limit`, snake_case meta with a total. */
export const skipLimit = offsetPages('data', { params: (position, pageSize) => ({ skip: position, limit: pageSize }) });

/** Ingestion statuses: as datasets with `offset`; the document's EmptyResponse (`data` optional) is an empty page. */
export const offsetLimit = offsetPages('data', { items: (response) => ('data' in response ? dataOf(response) : []) });

/** Concepts and labels: `offset`/`limit`, camelCase meta (`currentPage`, `lastPage`, `total`); `data` required. */
export const offsetLimitCamelCase = offsetPages('data');

/** Connections and queries: `offset`/`limit`, and `meta.links.next` while more follow. */
export const offsetLimitLinks = offsetPages('data', {
	next: (response, position, pageSize, received) => {
		const links = (response as Meta).meta?.links;
		if (received === 0 || !isRecord(links) || !('next' in links))
			return nextOffset(undefined, position, pageSize, received);
		return links.next ? position + received : undefined;
	},
});

/** Users of the organization (auth management): `offset`/`limit`, meta with a total, the list under `users`. */
export const usersPages = offsetPages('users');

/** Pending user invitations (auth management): as users, the list under `user_invitations`. */
export const invitationsPages = offsetPages('user_invitations');

/** Celebrity persons and dynamic-tag groups: 1-based `page`/`per_page` (at most 100) and `has_next_page`. */
export const pagePerPage = offsetPages('data', {
	firstPosition: 1,
	params: (page, pageSize) => ({ page, per_page: pageSize }),
	next: (response, page, _pageSize, received) =>
		// The OpenAPI document puts has_next_page inside meta; a top-level one is read too.
		received > 0 && ((response as Meta).meta?.has_next_page ?? (response as Meta).has_next_page) === true
			? page + 1
			: undefined,
});

/** The ingestion jobs list: `offset`/`limit`, answered as `{jobs: [...]}` with no meta. */
export const jobsList = offsetPages('jobs', noMeta);

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
export const searchBody = offsetPages('data', { place: 'body', ...noMeta });

/** Video search: `offset`/`limit` inside the JSON body, answered as `{results: [...]}` with no meta. */
export const videoSearchBody = offsetPages('results', { place: 'body', ...noMeta });
