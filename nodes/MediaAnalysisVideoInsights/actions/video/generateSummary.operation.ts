import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.generateVideoSummary',
	does: 'Writes a short summary of one video: what it shows and says.',
	returns: 'the summary (text)',
});
