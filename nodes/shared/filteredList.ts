import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getPageLimit } from './readers';
import { pages, type ApiRequest, type PageStyle } from './transport';

/** A filter the service takes only as a GET body, applied here to the records it lists. */
export interface LocalFilter {
	keep: (record: IDataObject) => boolean;
	/** How many records can match at most (the distinct IDs asked for): no page is read once that many are kept. */
	most?: number;
}

/**
 * Return All / Limit over a list whose filter the service reads from a GET body, which n8n never sends: the pages
 * are read unfiltered, in the service's order, and each record is kept when the filter would have kept it. Pages
 * are full-sized because the limit counts kept records, not received ones.
 */
export async function paginateFiltered(
	this: IExecuteFunctions,
	itemIndex: number,
	request: ApiRequest,
	style: PageStyle,
	filter: LocalFilter,
): Promise<IDataObject[]> {
	const { returnAll, limit } = getPageLimit.call(this, itemIndex);
	const wanted = Math.min(returnAll ? Number.POSITIVE_INFINITY : limit, filter.most ?? Number.POSITIVE_INFINITY);
	const kept: IDataObject[] = [];
	// The transport's page loop: a service that repeats pages or never ends stops with an error, not a loop.
	for await (const page of pages.call(this, { ...request, itemIndex }, style, Number.POSITIVE_INFINITY)) {
		for (const record of page) {
			if (kept.length >= wanted) break;
			if (filter.keep(record)) kept.push(record);
		}
		if (kept.length >= wanted) break;
	}
	return kept;
}
