import { moderationScoreTypeOption, skipModerationOption } from '../fields';
import { byImage, searchOperation } from '../searchOperation';

export const toolDescription =
	'Finds the video frames of one dataset that look most like a given image, best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name) and the image: its ID in the dataset or a public URL. Returns each frame with its keyframe_id, score and video_id.';

export const option = {
	name: 'Search by Image',
	description: 'Find video frames that look like a given image',
	action: 'Search keyframes by image',
};

export const { description, execute } = searchOperation({
	endpoint: 'search.imageToKeyframes',
	...byImage,
	options: [moderationScoreTypeOption, skipModerationOption],
});
