import { narrativeOperation } from '../narrativeOperation';

export const option = {
	name: 'Predict Moods',
	description: "Name the moods of a video, from your vocabulary and the service's own (the moods list)",
	action: 'Predict the moods of a video',
};

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.predictVideoMood',
	does: "Names the moods of one video, from the organization's vocabulary and the service's own.",
	returns: 'the moods (a list of text)',
});
