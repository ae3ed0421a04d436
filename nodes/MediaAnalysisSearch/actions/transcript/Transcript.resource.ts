import { resourceDescription } from '../../../shared/resourceOperations';
import * as searchExactPhrase from './searchExactPhrase.operation';
import * as searchSpokenContent from './searchSpokenContent.operation';

export const operations = { searchExactPhrase, searchSpokenContent };

export const description = resourceDescription('transcript', operations, {
	options: [
		{
			name: 'Search Exact Phrase',
			value: 'searchExactPhrase',
			description: 'Find the moments where exactly these words are said',
			action: 'Search transcripts for an exact phrase',
		},
		{
			name: 'Search Spoken Content',
			value: 'searchSpokenContent',
			description: 'Find the moments where something like this is said',
			action: 'Search transcripts by meaning',
		},
	],
	default: 'searchSpokenContent',
});
