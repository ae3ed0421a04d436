import { resourceDescription } from '../../../shared/resourceOperations';
import * as search from './search.operation';

export const operations = { search };

export const description = resourceDescription('sound', operations, {
	options: [
		{
			name: 'Search',
			value: 'search',
			description: 'Find the moments in videos where a sound is heard (e.g. a dog barking, music, applause)',
			action: 'Search videos for a sound',
		},
	],
	default: 'search',
});
