import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { datasetLocator, returnAllOrLimit } from '../../shared/descriptions';
import { type PagedEndpointId, type RequestOf } from '../../shared/endpoints';
import type { Item } from '../../shared/item';
import { datasetNotFound } from '../../shared/notFound';
import type { Run } from '../../shared/run';
import {
	commonSearchOptions,
	getMetadataFilters,
	getQueryImage,
	getTextQuery,
	metadataFiltersField,
	optionsCollection,
	queryImageLocator,
	textQueryField,
} from './fields';

/** Every `search.*` entry of the table that pages (a new one is here as soon as the table has it). */
type SearchEndpoint = Extract<PagedEndpointId, `search.${string}`>;

/** One paged search operation: its endpoint, and what it asks besides the shared fields. */
interface SearchSpec<E extends SearchEndpoint> {
	endpoint: E;
	/** The parameters of what to look for, between the dataset and Return All / Limit. */
	fields: INodeProperties[];
	/** Those parameters as the item gives them, in the request's keys, checked before anything is sent. */
	query(item: Item): Partial<RequestOf<E>>;
	options: INodeProperties[];
	maxLimit?: number;
	/** Video search compares dates only within a closed range. */
	bothDateEnds?: boolean;
	output?(result: IDataObject, body: RequestOf<E>): IDataObject;
}

/** One output item per result, best first; offset/limit travel in the body and Return All walks the pages. */
export function searchOperation<E extends SearchEndpoint>(spec: SearchSpec<E>) {
	return {
		description: [
			datasetLocator(),
			...spec.fields,
			...returnAllOrLimit(spec.maxLimit, { toolLimit: true }),
			metadataFiltersField,
			optionsCollection(spec.options),
		],
		async execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
			const body = {
				dataset_id: await item.datasetId(),
				...spec.query(item),
				...commonSearchOptions(item.options()),
			} as RequestOf<E>;
			const metadataFilters = getMetadataFilters(item, { bothDateEnds: spec.bothDateEnds });
			if (metadataFilters) body.metadata_filters = metadataFilters;
			const limit = item.pageLimit();
			if (spec.maxLimit && !limit.returnAll) item.range(limit.limit, 'Limit', { min: 1, max: spec.maxLimit });
			const results = await run.list(spec.endpoint, {
				body,
				itemIndex,
				explain: datasetNotFound(body.dataset_id),
				limit,
			});
			const output = spec.output;
			return output ? results.map((result) => output(result, body)) : results;
		},
	};
}

export const byText = (field?: Partial<INodeProperties>) => ({
	fields: [textQueryField(field)],
	query: (item: Item) => ({ text_query: getTextQuery(item) }),
});

export const byImage = { fields: [queryImageLocator], query: getQueryImage };
