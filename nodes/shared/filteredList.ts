import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getPageLimit } from './readers';
import { paginate, type ApiRequest, type ListFilter, type PageStyle, type Run } from './transport';

/**
 * Return All / Limit over a list read unfiltered, keeping what `filter` keeps (a filter the service takes only as a
 * GET body, which n8n never sends): pages full-sized, the Limit counts kept records (`paginate`).
 */
export async function paginateFiltered(
	this: IExecuteFunctions,
	run: Run,
	itemIndex: number,
	request: ApiRequest,
	style: PageStyle,
	filter: ListFilter,
): Promise<IDataObject[]> {
	return await paginate(run, { ...request, itemIndex }, style, getPageLimit.call(this, itemIndex), filter);
}
