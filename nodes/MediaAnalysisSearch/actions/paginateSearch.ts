import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { paginate, searchBody, type Failure, type PageStyle } from '../../shared/transport';
import { getSearchLimit } from './fields';

/** A 404 from a search names the dataset: unknown, mistyped or deleted. */
export function datasetNotFound(datasetId: string) {
	return (failure: Failure) =>
		failure.status === 404
			? {
					message: `Dataset ${datasetId} not found`,
					description: 'Check the dataset ID: it may be mistyped or deleted. Choosing the dataset "From list" shows what exists.',
				}
			: undefined;
}

/**
 * One search for one item: offset/limit travel in the JSON body, Return All walks the pages. Searches change
 * nothing on the service, so a POST that got no answer may be sent again.
 */
export async function paginateSearch(
	this: IExecuteFunctions,
	itemIndex: number,
	path: string,
	body: IDataObject & { dataset_id: string },
	{ style = searchBody, maxLimit }: { style?: PageStyle; maxLimit?: number } = {},
): Promise<IDataObject[]> {
	return await paginate.call(
		this,
		{ method: 'POST', path, body, idempotent: true, itemIndex, explain: datasetNotFound(body.dataset_id) },
		style,
		getSearchLimit.call(this, itemIndex, maxLimit),
	);
}
