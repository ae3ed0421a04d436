import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TranscriptMatchRequest } from '../../../shared/api';
import { datasetLocator, returnAllOrLimit } from '../../../shared/descriptions';
import { resolveDatasetId } from '../../../shared/readers';
import {
	compositeTypeField,
	getMetadataFilters,
	getTextQuery,
	metadataFiltersField,
	moderationScoreTypeOption,
	optionsCollection,
	textQueryField,
} from '../fields';
import { paginateSearch } from '../paginateSearch';

const properties: INodeProperties[] = [
	datasetLocator({}, { byName: true }),
	textQueryField({
		displayName: 'Phrase',
		placeholder: 'e.g. thank you for your time',
		description: 'The exact words to find in what is said (not a similarity search)',
	}),
	...returnAllOrLimit(undefined, { toolLimit: true }),
	metadataFiltersField,
	optionsCollection([compositeTypeField('The kind of video slice a match is reported in'), moderationScoreTypeOption]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['transcript'], operation: ['searchExactPhrase'] } },
	properties,
);

export const toolDescription =
	'Finds the moments of the videos of one dataset where exactly these words are said (not a similarity search), up to the Limit. Needs the dataset (its ID, a UUID, or its exact name) and the phrase. Returns each passage with its video, start and end times and a coverage score.';

/** Every transcript passage that contains the phrase, with its video, times and coverage score. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body: TranscriptMatchRequest = {
		dataset_id: await resolveDatasetId.call(this, itemIndex),
		text_query: getTextQuery.call(this, itemIndex, 'Phrase'),
	};
	if (options.compositeType !== undefined) body.composite_type = options.compositeType as string;
	if (options.moderationScoreType !== undefined) {
		body.moderation_score_type = options.moderationScoreType as TranscriptMatchRequest['moderation_score_type'];
	}
	const metadataFilters = getMetadataFilters.call(this, itemIndex);
	if (metadataFilters) body.metadata_filters = metadataFilters;
	return await paginateSearch.call(this, itemIndex, 'search.transcriptExactMatch', body);
}
