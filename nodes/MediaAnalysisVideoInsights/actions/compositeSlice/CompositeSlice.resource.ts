import { resourceDescription } from '../../../shared/resourceOperations';
import * as generateSummary from './generateSummary.operation';
import * as predictFormats from './predictFormats.operation';
import * as predictMoods from './predictMoods.operation';
import * as predictSubjects from './predictSubjects.operation';

export const operations = { generateSummary, predictFormats, predictMoods, predictSubjects };

export const description = resourceDescription('compositeSlice', operations, {
	options: [
		{
			name: 'Generate Summary',
			value: 'generateSummary',
			description: 'Write a short summary of one shot, scene or segment of a video (the summary field)',
			action: 'Generate the summary of a composite slice',
		},
		{
			name: 'Predict Formats',
			value: 'predictFormats',
			description: 'Name the formats of one shot, scene or segment of a video (the formats list)',
			action: 'Predict the formats of a composite slice',
		},
		{
			name: 'Predict Moods',
			value: 'predictMoods',
			description: 'Name the moods of one shot, scene or segment of a video (the moods list)',
			action: 'Predict the moods of a composite slice',
		},
		{
			name: 'Predict Subjects',
			value: 'predictSubjects',
			description: 'Name the subjects of one shot, scene or segment of a video (the subjects list)',
			action: 'Predict the subjects of a composite slice',
		},
	],
	default: 'generateSummary',
});
