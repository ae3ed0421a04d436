import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { type RequestOf } from '../../../shared/endpoints';
import { datasetLocator, dateField, textField } from '../../../shared/descriptions';
import type { Item } from '../../../shared/item';
import { notice } from '../../../shared/node';
import { datasetNotFound } from '../../../shared/notFound';
import type { Failure } from '../../../shared/transport';
import type { Run } from '../../../shared/run';
import {
	commonSearchOptions,
	epochOf,
	getOneRequestLimit,
	getTextQuery,
	moderationScoreTypeOption,
	negativeTextOption,
	oneRequestLimitFields,
	optionsCollection,
	skipModerationOption,
	textQueryField,
} from '../fields';

export const NO_HYBRID_ACCESS = 'Hybrid search is not enabled for your organization';
const ASK_FOR_ACCESS =
	'Hybrid search is in beta and requires special access: ask the Media Analysis support team to enable it for your organization. Until then, Image › Search by Text searches the same images by their content.';

export const option = {
	name: 'Hybrid Search (Beta)',
	description: 'Find images by what they show and by their text metadata (needs special access)',
	action: 'Run a hybrid search for images',
};

export const description: INodeProperties[] = [
	notice(
		'hybridNotice',
		'Hybrid search is in beta and needs special access for your organization: ask the Media Analysis support team to enable it',
	),
	datasetLocator(),
	textQueryField({ placeholder: 'e.g. red sneakers launch campaign' }),
	...oneRequestLimitFields(),
	optionsCollection([
		textField(
			'Date Range Field',
			'dateField',
			'e.g. published_at',
			'The date metadata field that Since and Until compare',
		),
		moderationScoreTypeOption,
		negativeTextOption,
		dateField('Since', 'since', 'Only images whose Date Range Field is at or after this time'),
		skipModerationOption,
		dateField('Until', 'until', 'Only images whose Date Range Field is at or before this time'),
	]),
];

export const toolDescription =
	'Finds the images of one dataset that best match a description, scoring both what the images show and their text metadata (titles, captions, descriptions), best first, up to the Limit. Beta: works only for organizations with special access. Needs the dataset (its ID, a UUID, or its exact name) and the words. Returns each image with its coactive_image_id, path, metadata and relevance_score.';

/** A refusal (403, or 401 once n8n has logged in again) means the organization lacks the beta. */
const explainRefusal = (datasetId: string) => (failure: Failure) => {
	if (failure.status === 403 || failure.status === 401)
		return { message: NO_HYBRID_ACCESS, description: ASK_FOR_ACCESS };
	return datasetNotFound(datasetId)(failure);
};

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const body: RequestOf<'search.hybridSearch'> = {
		dataset_id: await item.datasetId(),
		text_query: getTextQuery(item),
		limit: getOneRequestLimit(item),
	};
	const options = item.options();
	Object.assign(body, commonSearchOptions(options) as Partial<RequestOf<'search.hybridSearch'>>);
	const since = epochOf(item, options.since, 'Since');
	const until = epochOf(item, options.until, 'Until');
	const dateField = typeof options.dateField === 'string' ? options.dateField.trim() : '';
	if (since !== null || until !== null || dateField) {
		if (!dateField)
			throw item.invalid(
				'Date Range Field',
				'it is empty while Since or Until is set',
				'Name the date metadata field that Since and Until compare, e.g. published_at.',
			);
		if (since === null && until === null)
			throw item.invalid(
				'Date Range Field',
				'neither Since nor Until is set',
				'Set Since, Until or both, or remove Date Range Field.',
			);
		body.datetime_filter = {
			key: dateField,
			operator: 'DateTimeRangeInclusive',
			start_utc_epoch: since,
			end_utc_epoch: until,
		};
	}
	const answer = await run.call('search.hybridSearch', {
		body,
		itemIndex,
		explain: explainRefusal(body.dataset_id),
	});
	return answer.data as IDataObject[];
}
