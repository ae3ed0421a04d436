import { moderationScoreTypeOption, skipModerationOption } from '../fields';
import { imageSearchOperation } from '../searchOperation';

/** Video frames that look most like the query image, best first. */
export const { description, execute } = imageSearchOperation({
	resource: 'keyframe',
	operation: 'searchByImage',
	endpoint: 'image-to-keyframes',
	options: [moderationScoreTypeOption, skipModerationOption],
});
