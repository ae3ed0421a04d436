import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'compositeSlice',
	endpoint: 'videoInsights.predictCompositeSliceMood',
	does: 'Names the moods of one shot, scene or segment of a video.',
	returns: 'the moods (a list of text)',
});
