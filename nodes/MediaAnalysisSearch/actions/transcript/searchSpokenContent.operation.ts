import { moderationScoreTypeOption, skipModerationOption } from '../fields';
import { byText, searchOperation } from '../searchOperation';

export const toolDescription =
	'Finds the moments of the videos of one dataset where something like the given words is said (a similarity search), best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name) and the words. Returns each moment with its video, times and transcript.';

export const option = {
	name: 'Search Spoken Content',
	description: 'Find the moments where something like this is said',
	action: 'Search transcripts by meaning',
};

export const { description, execute } = searchOperation({
	endpoint: 'search.audioSearch',
	...byText({ placeholder: 'e.g. breaking news', description: 'What is said, in plain words (a similarity search)' }),
	options: [moderationScoreTypeOption, skipModerationOption],
});
