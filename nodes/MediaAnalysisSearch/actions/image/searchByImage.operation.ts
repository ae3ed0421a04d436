import { MAX_SEARCH_LIMIT, assetTypeOption, moderationScoreTypeOption, skipModerationOption } from '../fields';
import { byImage, searchOperation } from '../searchOperation';

export const toolDescription =
	'Finds the images of one dataset that look most like a given image, best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name) and the image: its ID in the dataset or a public URL. Returns each image with its coactive_image_id, path (its URL) and metadata.';

export const option = {
	name: 'Search by Image',
	description: 'Find images that look like a given image',
	action: 'Search images by image',
};

export const { description, execute } = searchOperation({
	endpoint: 'search.imageToImage',
	...byImage,
	options: [assetTypeOption, moderationScoreTypeOption, skipModerationOption],
	maxLimit: MAX_SEARCH_LIMIT,
});
