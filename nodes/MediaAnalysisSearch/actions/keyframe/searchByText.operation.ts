import { moderationScoreTypeOption, negativeTextOption, skipModerationOption } from '../fields';
import { textSearchOperation } from '../searchOperation';

/** Every matching frame of every video (not one per video), best first, with its score and video. */
export const { description, execute } = textSearchOperation({
	resource: 'keyframe',
	operation: 'searchByText',
	path: '/api/v1/search/text-to-keyframes',
	options: [moderationScoreTypeOption, negativeTextOption, skipModerationOption],
});
