import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.predictVideoFormat',
	does: "Names the formats of one video (e.g. tutorial, short-form), from the organization's vocabulary and the service's own.",
	returns: 'the formats (a list of text)',
});
