import { moderationScoreTypeOption, negativeTextOption, skipModerationOption } from '../fields';
import { byText, searchOperation } from '../searchOperation';

export const toolDescription =
	'Finds the video frames of one dataset that best match a description in words (every matching frame, not one per video), best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name) and the words. Returns each frame with its keyframe_id, score and video_id.';

export const option = {
	name: 'Search by Text',
	description: 'Find video frames that match a description',
	action: 'Search keyframes by text',
};

export const { description, execute } = searchOperation({
	endpoint: 'search.textToKeyframesSearch',
	...byText(),
	options: [moderationScoreTypeOption, negativeTextOption, skipModerationOption],
});
