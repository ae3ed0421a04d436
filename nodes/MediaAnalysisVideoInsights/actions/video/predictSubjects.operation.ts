import { narrativeOperation } from '../narrativeOperation';

export const option = {
	name: 'Predict Subjects',
	description: "Name the subjects of a video, from your vocabulary and the service's own (the subjects list)",
	action: 'Predict the subjects of a video',
};

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.predictVideoSubject',
	does: "Names the subjects of one video, from the organization's vocabulary and the service's own.",
	returns: 'the subjects (a list of text)',
});
