import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getPageLimit } from './readers';
import { pages, type ApiRequest, type PageLimit, type PageStyle, type Run } from './transport';

/** A filter the service takes only as a GET body (which n8n never sends), applied here to the records it lists. */
interface LocalFilter {
	keep: (record: IDataObject) => boolean;
	/** How many records can match at most: no page is read once that many are kept. */
	most?: number;
}

/** Return All / Limit over a list read unfiltered, keeping what `filter` keeps (pages full-sized: the limit counts kept ones). */
export async function paginateFiltered(
	this: IExecuteFunctions,
	run: Run,
	itemIndex: number,
	request: ApiRequest,
	style: PageStyle,
	filter: LocalFilter,
): Promise<IDataObject[]> {
	return await listFiltered(run, { ...request, itemIndex }, style, getPageLimit.call(this, itemIndex), filter);
}

/** Return All / a Limit of the records `filter` keeps, read from every page as the service lists them (bounded). */
export async function listFiltered(
	run: Run,
	request: ApiRequest,
	style: PageStyle,
	{ returnAll, limit = 0 }: PageLimit,
	filter: LocalFilter,
): Promise<IDataObject[]> {
	const wanted = Math.min(returnAll ? Number.POSITIVE_INFINITY : limit, filter.most ?? Number.POSITIVE_INFINITY);
	const kept: IDataObject[] = [];
	for await (const page of pages(run, request, style, Number.POSITIVE_INFINITY)) {
		for (const record of page) {
			if (kept.length >= wanted) break;
			if (filter.keep(record)) kept.push(record);
		}
		if (kept.length >= wanted) break;
	}
	return kept;
}
