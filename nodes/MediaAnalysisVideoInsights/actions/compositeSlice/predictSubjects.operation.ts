import { narrativeOperation } from '../narrativeOperation';

export const option = {
	name: 'Predict Subjects',
	description: 'Name the subjects of one shot, scene or segment of a video (the subjects list)',
	action: 'Predict the subjects of a composite slice',
};

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'compositeSlice',
	endpoint: 'videoInsights.predictCompositeSliceSubject',
	does: 'Names the subjects of one shot, scene or segment of a video.',
	returns: 'the subjects (a list of text)',
});
