import { narrativeOperation } from '../narrativeOperation';

export const option = {
	name: 'Predict Genres',
	description: "Name the genres of a video, from your vocabulary and the service's own (the genres list)",
	action: 'Predict the genres of a video',
};

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.predictVideoGenre',
	does: "Names the genres of one video, from the organization's vocabulary and the service's own.",
	returns: 'the genres (a list of text)',
});
