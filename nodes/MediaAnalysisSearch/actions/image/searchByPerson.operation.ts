import { uuidMode } from '../../../shared/descriptions';
import type { RequestOf } from '../../../shared/endpoints';
import {
	getTextQuery,
	moderationScoreTypeOption,
	negativeTextOption,
	skipModerationOption,
	textQueryField,
} from '../fields';
import { searchOperation } from '../searchOperation';

type Request = RequestOf<'search.textToImageSearchByPerson'>;

export const toolDescription =
	'Finds the images or video keyframes of one dataset that show a given enrolled person and match a description in words (e.g. Jane Doe at a press conference), best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name), the words and the person (name or alias). Returns each match with its coactive_image_id, asset_type and, for keyframes, its video_id and shot times.';

export const option = {
	name: 'Search by Person',
	description: 'Find images or video frames that show an enrolled person and match a description',
	action: 'Search images by person',
};

export const { description, execute } = searchOperation({
	endpoint: 'search.textToImageSearchByPerson',
	fields: [
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
	],
	query(item): Partial<Request> {
		const text_query = getTextQuery(item);
		const person = item.param<{ mode?: string; value?: unknown }>('person');
		const asset_type = item.param<Request['asset_type']>('assetType', 'keyframe');
		return person?.mode === 'id'
			? { text_query, asset_type, person_ids: [item.uuid(person.value, 'Person')] }
			: { text_query, asset_type, person_names_or_aliases: [item.notEmpty(person?.value, 'Person')] };
	},
	options: [moderationScoreTypeOption, negativeTextOption, skipModerationOption],
	output: (result, body) => ({ ...result, person: body.person_ids?.[0] ?? body.person_names_or_aliases?.[0] }),
});
