import type { IDataObject } from 'n8n-workflow';

import { HINTS } from '../http/failures';
import { explainedError } from './errors';
import { apiRequest } from './request';
import type { Run } from './run';
import type { ApiRequest, ListIdentity, Page, PageLimit, PageStyle } from './types';
import { hash } from './written';

/** Bounds of one list walk, for a service that keeps inventing records (or says `has_next_page` forever). */
export const PAGE_BOUNDS = { maxPages: 2_000, maxRecords: 200_000, maxRereads: 10 };

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
	const { answer, listed } = await apiRequest(run, {
		...request,
		answer: style,
		[style.place]: { ...(request[style.place] as IDataObject), ...style.params(position, pageSize) },
	});
	const items = style.items(answer) as IDataObject[];
	const received = listed ?? items.length;
	return { items, next: style.next(answer, position, pageSize, received), received };
}

/** Identifies a page's content, to notice a service that answers the same page again. */
function fingerprintOf({ items, received }: Page): string {
	const edge = (entry: unknown) => JSON.stringify(entry) ?? 'undefined';
	return received === 0 ? '' : `${received}|${edge(items[0])}|${edge(items[items.length - 1])}`;
}

/** A record of a list as the read gives it, with its key (`keyOf`); one without a key is never taken for another. */
interface Listed {
	record: IDataObject;
	key?: string;
}

/** A filter applied to the records a list gives (`most`: how many can match at most). */
export interface ListFilter {
	keep: (record: IDataObject) => boolean;
	most?: number;
}

/** The key of a listed record: the values of its list's identity fields (`content`: its `id`), when each is one. */
function keyOf(identity: ListIdentity | undefined, record: IDataObject): string | undefined {
	const values = (identity === undefined || identity === 'content' ? ['id'] : identity).map((field) => record[field]);
	const named = values.every((value) => (typeof value === 'string' && value !== '') || typeof value === 'number');
	return named ? `#${JSON.stringify(values)}` : undefined;
}
const contentOf = (record: IDataObject) => `~${hash(JSON.stringify(record))}`;

/**
 * Where the page before ends on this page: the entry recognised as its last one (`places`: this page's, `before`: the
 * page before's), or -1. Identical entries without a key may be several: the ones whose entries before them on this
 * page are those before it on the page before, else all; of them the nearest to where it was (`expected`).
 */
function endOfPageBefore(places: string[], before: string[], expected: number): number {
	const end = before.length - 1;
	const candidates = places.flatMap((place, index) => (place === before[end] ? [index] : []));
	const agrees = (at: number) =>
		places.slice(Math.max(0, at - end), at).every((place, k, head) => place === before[end - head.length + k]);
	// One that agrees ranks before any that does not: two places are fewer than `places.length` apart.
	const rank = (at: number) => Math.abs(at - expected) + (agrees(at) ? 0 : places.length);
	return candidates.reduce((best, at) => (rank(at) < rank(best) ? at : best), candidates[0] ?? -1);
}

/**
 * Yields one page at a time; stops with an error at a page already given or past `PAGE_BOUNDS`.
 *
 * `consistent` (a Return All or Limit read of a list): the list may change while it is read. Records are told apart
 * by their list's identity (`request.identity`, the table's): a record read again is given again with its key, so
 * the reader keeps its latest state. On an offset-counted list (in the query, not a search's ranking) each page after
 * the first starts at the last entry of the one before (recognised by its key, else its content); a page that does not
 * begin with an entry already read, nor holds that last entry, means entries before it were removed meanwhile and
 * others moved up unread, so the read steps a page back and reads again (at most `maxRereads` times, then an error that
 * says so). A record without a key is given once by its place: the entries up to that last one (`endOfPageBefore`) are
 * left out; only on a page no such entry places (read again after the list moved) is one whose content was read
 * already left out.
 * A page-numbered list cannot overlap: after each page the last record of the page before is read again alone, and
 * when it is not there the list moved, so the page before is read again (within the same bound).
 */
async function* walk(
	run: Run,
	request: ApiRequest,
	style: PageStyle,
	wanted: number,
	consistent: boolean,
): AsyncGenerator<Listed[]> {
	// One page size throughout: page-numbered families would skip or repeat records if it changed between pages.
	const pageSize = Math.min(style.maxPageSize, wanted);
	// Offset-counted lists only: page numbers cannot overlap, and a search's ranking is not a list that shifts.
	const overlap = consistent && style.firstPosition === 0 && style.place === 'qs' && pageSize > 1 ? 1 : 0;
	// Page-numbered lists: the last record of the page before is read again alone (page `n × size` of size 1).
	const probe = consistent && style.firstPosition === 1 && style.place === 'qs' && pageSize > 1;
	const byContent = request.identity === undefined || request.identity === 'content';
	/** What recognises an entry where pages meet: its key, else its content. */
	const placeOf = (record: IDataObject) => keyOf(request.identity, record) ?? contentOf(record);
	const seen = new Set<string>();
	/** What recognises each entry read so far (`placeOf`). */
	const given = new Set<string>();
	/** The page before, when its last entry places the next one: what recognises its entries, and its offset or number. */
	let before: { places: string[]; at: number } | undefined;
	let position: number | undefined = style.firstPosition;
	let pagesRead = 0;
	let received = 0;
	let rereads = 0;
	/** The next page is the page before, read again after the list moved: no entry places its records. */
	let unplaced = false;
	const what = `${request.method} ${request.path}`;
	const fail = (message: string, description: string) =>
		explainedError(run.context.getNode(), { message, description, itemIndex: request.itemIndex });
	/** The list moved: a page is read again, at most `maxRereads` times, then an error that says so. */
	const reread = () => {
		if (rereads >= PAGE_BOUNDS.maxRereads)
			throw fail(
				`The list ${what} kept changing while it was read: records moved ahead of the read ${rereads} times, so some may be missing`,
				`${given.size} records were read. Run the node again when the list changes less, or use the operation's filters to read a smaller list.`,
			);
		rereads++;
	};
	while (position !== undefined && pageSize > 0) {
		if (pagesRead >= PAGE_BOUNDS.maxPages || received >= PAGE_BOUNDS.maxRecords)
			throw fail(
				`Stopped reading ${what} after ${pagesRead} pages (${received} entries): the service still reported more`,
				`One list read fetches at most ${PAGE_BOUNDS.maxPages} pages or ${PAGE_BOUNDS.maxRecords} records, so a service that never reports its last page cannot hold the workflow. Use a Limit or the operation's filters to read less.`,
			);
		const page: Page = await fetchPage(run, request, style, position, pageSize);
		const fingerprint = fingerprintOf(page);
		if (fingerprint !== '' && seen.has(fingerprint) && rereads === 0)
			throw fail(
				`${what} answered a page it had already sent (asked for position ${position}): the service ignores the page position`,
				`Reading on would return the same records again and again, so the node stopped. ${HINTS.baseUrl} If it is, the service is misbehaving: try again later or use a Limit.`,
			);
		seen.add(fingerprint);
		pagesRead++;
		received += page.received;
		/** What recognises each entry of the page (a consistent read's only). */
		const places = consistent ? page.items.map(placeOf) : [];
		/** Entries before `from` were read already (up to the last one of the page before); undefined: none places them. */
		let from: number | undefined = unplaced ? undefined : 0;
		unplaced = false;
		if (overlap && before !== undefined && page.items.length > 0) {
			const at = endOfPageBefore(places, before.places, before.at - position);
			if (at === -1 && !given.has(places[0])) {
				reread();
				// The page before stays what places the page read again; at the list's start already, nothing does.
				const back = Math.max(style.firstPosition, position - pageSize + overlap);
				if (back === position) [before, unplaced] = [undefined, true];
				position = back;
				continue;
			}
			from = at === -1 ? undefined : at + 1;
		}
		// A keyed record is given again (the reader keeps its latest state); one without a key once.
		const fresh = page.items.flatMap((record, index): Listed[] => {
			const key = keyOf(request.identity, record);
			const readBefore =
				index < (from ?? 0) || ((from === undefined || (byContent && rereads > 0)) && given.has(contentOf(record)));
			return key !== undefined || !readBefore ? [{ record, key }] : [];
		});
		for (const place of places) given.add(place);
		let movedBack = false;
		if (probe && before?.at === position - 1) {
			const [again]: IDataObject[] = (await fetchPage(run, request, style, before.at * pageSize, 1)).items;
			movedBack = again === undefined || placeOf(again) !== before.places[before.places.length - 1];
			// Records before this page moved: some of the page before may have moved onto it unread, or off it.
			if (movedBack) reread();
			// Read again where it was: a keyed record's latest state.
			const key = again && keyOf(request.identity, again);
			if (!movedBack && key !== undefined) fresh.push({ record: again, key });
		}
		// The next page starts at this one's last entry, when that entry is a record (one to recognize it by).
		const anchored = overlap === 1 && page.items.length > 0 && page.items.length === page.received;
		// Page-numbered: the last record of a full page is read again alone after the next page.
		const full = probe && page.items.length === pageSize && page.received === pageSize;
		before = anchored ? { places, at: position + page.received - 1 } : full ? { places, at: position } : undefined;
		// A next position that does not move forward would read the same page forever.
		const next = page.next !== undefined && anchored && page.received > 1 ? page.next - 1 : page.next;
		position = movedBack ? position - 1 : next !== undefined && next > position ? next : undefined;
		unplaced = movedBack;
		yield fresh;
	}
}

/** Yields the records of one page at a time, as the service lists them; stops as `walk` does. */
export async function* pages(
	run: Run,
	request: ApiRequest,
	style: PageStyle,
	wanted: number,
): AsyncGenerator<IDataObject[]> {
	for await (const page of walk(run, request, style, wanted, false)) yield page.map(({ record }) => record);
}

/**
 * Return All / Limit over a list read while it may change (`walk`): each record once, at the place it was first
 * listed, in the latest state read. With a `filter` the pages are full-sized and the Limit counts the records kept; a
 * record whose latest state the filter does not keep is left out.
 */
export async function paginate(
	run: Run,
	request: ApiRequest,
	style: PageStyle,
	{ returnAll, limit }: PageLimit,
	filter?: ListFilter,
): Promise<IDataObject[]> {
	const limited = returnAll ? Number.POSITIVE_INFINITY : Math.max(0, limit ?? 50);
	const wanted = Math.min(limited, filter?.most ?? Number.POSITIVE_INFINITY);
	const records = new Map<string, IDataObject>();
	let keyless = 0;
	const read = walk(run, request, style, filter ? Number.POSITIVE_INFINITY : wanted, true);
	for await (const page of wanted > 0 ? read : []) {
		for (const { record, key } of page) {
			const at = key ?? `${keyless++}`;
			if (filter && !filter.keep(record)) records.delete(at);
			else if (records.has(at) || records.size < wanted) records.set(at, record);
		}
		if (records.size >= wanted) break;
	}
	return [...records.values()];
}
