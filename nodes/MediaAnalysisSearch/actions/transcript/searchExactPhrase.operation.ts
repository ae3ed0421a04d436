import { compositeTypeField, getTextQuery, moderationScoreTypeOption, textQueryField } from '../fields';
import { searchOperation } from '../searchOperation';

export const toolDescription =
	'Finds the moments of the videos of one dataset where exactly these words are said (not a similarity search), up to the Limit. Needs the dataset (its ID, a UUID, or its exact name) and the phrase. Returns each passage with its video, start and end times and a coverage score.';

export const option = {
	name: 'Search Exact Phrase',
	description: 'Find the moments where exactly these words are said',
	action: 'Search transcripts for an exact phrase',
};

export const { description, execute } = searchOperation({
	endpoint: 'search.transcriptExactMatch',
	fields: [
		textQueryField({
			displayName: 'Phrase',
			placeholder: 'e.g. thank you for your time',
			description: 'The exact words to find in what is said (not a similarity search)',
		}),
	],
	query: (item) => ({ text_query: getTextQuery(item, 'Phrase') }),
	options: [compositeTypeField('The kind of video slice a match is reported in'), moderationScoreTypeOption],
});
