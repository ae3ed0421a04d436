import { narrativeOperation } from '../narrativeOperation';

export const option = {
	name: 'Predict Formats',
	description: "Name the formats of a video, from your vocabulary and the service's own (the formats list)",
	action: 'Predict the formats of a video',
};

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.predictVideoFormat',
	does: "Names the formats of one video (e.g. tutorial, short-form), from the organization's vocabulary and the service's own.",
	returns: 'the formats (a list of text)',
});
