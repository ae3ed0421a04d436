import { moderationScoreTypeOption, skipModerationOption } from '../fields';
import { textSearchOperation } from '../searchOperation';

/** Moments whose spoken words are closest to the query, best first, with the transcript and times. */
export const { description, execute } = textSearchOperation({
	resource: 'transcript',
	operation: 'searchSpokenContent',
	endpoint: 'audio-search',
	queryField: { placeholder: 'e.g. breaking news', description: 'What is said, in plain words (a similarity search)' },
	options: [moderationScoreTypeOption, skipModerationOption],
});
