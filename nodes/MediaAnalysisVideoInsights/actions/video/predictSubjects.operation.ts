import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.predictVideoSubject',
	does: "Names the subjects of one video, from the organization's vocabulary and the service's own.",
	returns: 'the subjects (a list of text)',
});
