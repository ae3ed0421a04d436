import { resourceDescription } from '../../../shared/resourceOperations';
import * as hybridSearch from './hybridSearch.operation';
import * as searchByImage from './searchByImage.operation';
import * as searchByPerson from './searchByPerson.operation';
import * as searchByText from './searchByText.operation';

export const operations = { hybridSearch, searchByImage, searchByPerson, searchByText };

export const description = resourceDescription('image', operations, {
	options: [
		{
			name: 'Hybrid Search (Beta)',
			value: 'hybridSearch',
			description: 'Find images by what they show and by their text metadata (needs special access)',
			action: 'Run a hybrid search for images',
		},
		{
			name: 'Search by Image',
			value: 'searchByImage',
			description: 'Find images that look like a given image',
			action: 'Search images by image',
		},
		{
			name: 'Search by Person',
			value: 'searchByPerson',
			description: 'Find images or video frames that show an enrolled person and match a description',
			action: 'Search images by person',
		},
		{
			name: 'Search by Text',
			value: 'searchByText',
			description: 'Find images that match a description',
			action: 'Search images by text',
		},
	],
	default: 'searchByText',
});
