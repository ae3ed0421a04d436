import { assetTypeOption, moderationScoreTypeOption, negativeTextOption, skipModerationOption } from '../fields';
import { textSearchOperation } from '../searchOperation';

/** Images (and keyframes of videos) that best match the text, best first; one output item each. */
export const { description, execute } = textSearchOperation({
	resource: 'image',
	operation: 'searchByText',
	path: '/api/v1/search/text-to-image',
	options: [assetTypeOption, moderationScoreTypeOption, negativeTextOption, skipModerationOption],
});
