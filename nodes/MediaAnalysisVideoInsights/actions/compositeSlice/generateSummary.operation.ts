import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'compositeSlice',
	endpoint: 'videoInsights.generateCompositeSliceSummary',
	does: 'Writes a short summary of one shot, scene or segment of a video.',
	returns: 'the summary (text)',
});
