import { narrativeOperation } from '../narrativeOperation';

export const option = {
	name: 'Generate Summary',
	description: 'Write a short summary of one shot, scene or segment of a video (the summary field)',
	action: 'Generate the summary of a composite slice',
};

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'compositeSlice',
	endpoint: 'videoInsights.generateCompositeSliceSummary',
	does: 'Writes a short summary of one shot, scene or segment of a video.',
	returns: 'the summary (text)',
});
