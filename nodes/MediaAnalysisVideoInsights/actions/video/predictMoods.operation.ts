import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.predictVideoMood',
	does: "Names the moods of one video, from the organization's vocabulary and the service's own.",
	returns: 'the moods (a list of text)',
});
