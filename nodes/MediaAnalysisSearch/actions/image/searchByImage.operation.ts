import { MAX_SEARCH_LIMIT, assetTypeOption, moderationScoreTypeOption, skipModerationOption } from '../fields';
import { imageSearchOperation } from '../searchOperation';

/** Images (and keyframes) that look most like the query image, best first; Limit is 1 to 1000. */
export const { description, execute } = imageSearchOperation({
	resource: 'image',
	operation: 'searchByImage',
	endpoint: 'image-to-image',
	options: [assetTypeOption, moderationScoreTypeOption, skipModerationOption],
	maxLimit: MAX_SEARCH_LIMIT,
});
