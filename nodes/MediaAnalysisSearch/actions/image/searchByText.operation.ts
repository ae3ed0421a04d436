import { assetTypeOption, moderationScoreTypeOption, negativeTextOption, skipModerationOption } from '../fields';
import { textSearchOperation } from '../searchOperation';

/** Images (and keyframes of videos) that best match the text, best first; one output item each. */
export const { description, execute } = textSearchOperation({
	resource: 'image',
	operation: 'searchByText',
	endpoint: 'text-search-api-v-1-search-text-to-image-post',
	options: [assetTypeOption, moderationScoreTypeOption, negativeTextOption, skipModerationOption],
});
