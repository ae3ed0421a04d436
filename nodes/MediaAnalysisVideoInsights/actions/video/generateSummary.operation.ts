import { narrativeOperation } from '../narrativeOperation';

export const option = {
	name: 'Generate Summary',
	description: 'Write a short summary of a video (the summary field)',
	action: 'Generate the summary of a video',
};

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	endpoint: 'videoInsights.generateVideoSummary',
	does: 'Writes a short summary of one video: what it shows and says.',
	returns: 'the summary (text)',
});
