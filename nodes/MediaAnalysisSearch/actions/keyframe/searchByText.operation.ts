import { moderationScoreTypeOption, negativeTextOption, skipModerationOption } from '../fields';
import { textSearchOperation } from '../searchOperation';

/** Every matching frame of every video (not one per video), best first, with its score and video. */
export const { description, execute } = textSearchOperation({
	resource: 'keyframe',
	operation: 'searchByText',
	endpoint: 'text-to-keyframes-search-api-v-1-search-text-to-keyframes-post',
	options: [moderationScoreTypeOption, negativeTextOption, skipModerationOption],
});
