import { resourceDescription } from '../../../shared/resourceOperations';
import * as captionKeyframes from './captionKeyframes.operation';
import * as generateDescription from './generateDescription.operation';
import * as generateSummary from './generateSummary.operation';
import * as generateSynopsis from './generateSynopsis.operation';
import * as predictFormats from './predictFormats.operation';
import * as predictGenres from './predictGenres.operation';
import * as predictMoods from './predictMoods.operation';
import * as predictSubjects from './predictSubjects.operation';

export const operations = {
	captionKeyframes,
	generateDescription,
	generateSummary,
	generateSynopsis,
	predictFormats,
	predictGenres,
	predictMoods,
	predictSubjects,
};

export const description = resourceDescription('video', operations, {
	options: [
		{
			name: 'Caption Keyframes',
			value: 'captionKeyframes',
			description: 'Start captioning the keyframes of a video; the service gives no status to follow',
			action: 'Caption the keyframes of a video',
		},
		{
			name: 'Generate Description',
			value: 'generateDescription',
			description: 'Write a description of a video (the description field)',
			action: 'Generate the description of a video',
		},
		{
			name: 'Generate Summary',
			value: 'generateSummary',
			description: 'Write a short summary of a video (the summary field)',
			action: 'Generate the summary of a video',
		},
		{
			name: 'Generate Synopsis',
			value: 'generateSynopsis',
			description: 'Write a synopsis of how a video unfolds (the synopsis field)',
			action: 'Generate the synopsis of a video',
		},
		{
			name: 'Predict Formats',
			value: 'predictFormats',
			description: "Name the formats of a video, from your vocabulary and the service's own (the formats list)",
			action: 'Predict the formats of a video',
		},
		{
			name: 'Predict Genres',
			value: 'predictGenres',
			description: "Name the genres of a video, from your vocabulary and the service's own (the genres list)",
			action: 'Predict the genres of a video',
		},
		{
			name: 'Predict Moods',
			value: 'predictMoods',
			description: "Name the moods of a video, from your vocabulary and the service's own (the moods list)",
			action: 'Predict the moods of a video',
		},
		{
			name: 'Predict Subjects',
			value: 'predictSubjects',
			description: "Name the subjects of a video, from your vocabulary and the service's own (the subjects list)",
			action: 'Predict the subjects of a video',
		},
	],
	default: 'generateSummary',
});
