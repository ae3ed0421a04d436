import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'compositeSlice',
	endpoint: 'videoInsights.predictCompositeSliceSubject',
	does: 'Names the subjects of one shot, scene or segment of a video.',
	returns: 'the subjects (a list of text)',
});
