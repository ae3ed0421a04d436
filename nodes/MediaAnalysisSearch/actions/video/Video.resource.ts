import { resourceDescription } from '../../../shared/resourceOperations';
import * as search from './search.operation';
import * as searchWithinVideo from './searchWithinVideo.operation';

export const operations = { search, searchWithinVideo };

export const description = resourceDescription('video', operations, {
	options: [
		{
			name: 'Search',
			value: 'search',
			description: 'Find videos that match a description, one result per video',
			action: 'Search videos by text',
		},
		{
			name: 'Search Within Video',
			value: 'searchWithinVideo',
			description: 'Rank the shots or scenes of one video by a description',
			action: 'Search within a video',
		},
	],
	default: 'search',
});
