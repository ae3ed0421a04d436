import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.predictVideoGenre',
	does: "Names the genres of one video, from the organization's vocabulary and the service's own.",
	returns: 'the genres (a list of text)',
});
