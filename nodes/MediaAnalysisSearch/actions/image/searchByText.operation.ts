import { assetTypeOption, moderationScoreTypeOption, negativeTextOption, skipModerationOption } from '../fields';
import { byText, searchOperation } from '../searchOperation';

export const toolDescription =
	'Finds the images of one dataset that best match a description in words, best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name) and the words to look for, e.g. a red bicycle at night. Returns each image with its coactive_image_id, path (its URL) and metadata.';

export const option = {
	name: 'Search by Text',
	description: 'Find images that match a description',
	action: 'Search images by text',
};

export const { description, execute } = searchOperation({
	endpoint: 'search.textSearch',
	...byText(),
	options: [assetTypeOption, moderationScoreTypeOption, negativeTextOption, skipModerationOption],
});
