import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { RequestOf } from '../../../shared/endpoints';
import { datasetLocator, returnAllOrLimit, uuidMode } from '../../../shared/descriptions';
import { resolveDatasetId } from '../../../shared/readers';
import { assertNotEmpty, assertUuid } from '../../../shared/validation';
import {
	commonSearchOptions,
	getMetadataFilters,
	getTextQuery,
	metadataFiltersField,
	moderationScoreTypeOption,
	negativeTextOption,
	optionsCollection,
	skipModerationOption,
	textQueryField,
} from '../fields';
import { paginateSearch } from '../paginateSearch';

const properties: INodeProperties[] = [
	datasetLocator({}, { byName: true }),
	textQueryField({ placeholder: 'e.g. at a press conference' }),
	{
		displayName: 'Person',
		name: 'person',
		type: 'resourceLocator',
		default: { mode: 'name', value: '' },
		required: true,
		description: 'The enrolled person who must be in the picture (see Media Analysis Celebrity Detection)',
		modes: [
			{ displayName: 'By Name or Alias', name: 'name', type: 'string', placeholder: 'e.g. Jane Doe' },
			uuidMode('person'),
		],
	},
	{
		displayName: 'Search In',
		name: 'assetType',
		type: 'options',
		options: [
			{ name: 'Images', value: 'image' },
			{ name: 'Video Keyframes', value: 'keyframe' },
		],
		default: 'keyframe',
		description: 'Whether to search the images or the keyframes of the videos',
	},
	...returnAllOrLimit(undefined, { toolLimit: true }),
	metadataFiltersField,
	optionsCollection([moderationScoreTypeOption, negativeTextOption, skipModerationOption]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['image'], operation: ['searchByPerson'] } },
	properties,
);

export const toolDescription =
	'Finds the images or video keyframes of one dataset that show a given enrolled person and match a description in words (e.g. Jane Doe at a press conference), best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name), the words and the person (name or alias). Returns each match with its coactive_image_id, asset_type and, for keyframes, its video_id and shot times.';

/** Images or keyframes showing the person and matching the text, best first; one item each, naming the person asked for. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const datasetId = await resolveDatasetId.call(this, itemIndex);
	const textQuery = getTextQuery.call(this, itemIndex);
	const person = this.getNodeParameter('person', itemIndex) as { mode?: string; value?: unknown };
	const body: RequestOf<'search.textToImageSearchByPerson'> = {
		dataset_id: datasetId,
		text_query: textQuery,
		asset_type: this.getNodeParameter(
			'assetType',
			itemIndex,
			'keyframe',
		) as RequestOf<'search.textToImageSearchByPerson'>['asset_type'],
		...(commonSearchOptions(this.getNodeParameter('options', itemIndex, {}) as IDataObject) as Partial<
			RequestOf<'search.textToImageSearchByPerson'>
		>),
	};
	if (person?.mode === 'id') body.person_ids = [assertUuid.call(this, person.value, 'Person', itemIndex)];
	else body.person_names_or_aliases = [assertNotEmpty.call(this, person?.value, 'Person', itemIndex)];
	const metadataFilters = getMetadataFilters.call(this, itemIndex);
	if (metadataFilters) body.metadata_filters = metadataFilters;
	const results = await paginateSearch.call(this, itemIndex, 'search.textToImageSearchByPerson', body);
	const asked = body.person_ids?.[0] ?? body.person_names_or_aliases?.[0];
	return results.map((result) => ({ ...result, person: asked }));
}
