import { resourceDescription } from '../../../shared/resourceOperations';
import * as findCelebrityMatches from './findCelebrityMatches.operation';
import * as searchByImage from './searchByImage.operation';
import * as searchByText from './searchByText.operation';

export const operations = { findCelebrityMatches, searchByImage, searchByText };

export const description = resourceDescription('keyframe', operations, {
	options: [
		{
			name: 'Find Celebrity Matches',
			value: 'findCelebrityMatches',
			description: 'Find video frames that show the face of 15 to 100 reference images',
			action: 'Find celebrity matches in keyframes',
		},
		{
			name: 'Search by Image',
			value: 'searchByImage',
			description: 'Find video frames that look like a given image',
			action: 'Search keyframes by image',
		},
		{
			name: 'Search by Text',
			value: 'searchByText',
			description: 'Find video frames that match a description',
			action: 'Search keyframes by text',
		},
	],
	default: 'searchByText',
});
