import { narrativeOperation } from '../narrativeOperation';

export const option = {
	name: 'Predict Formats',
	description: 'Name the formats of one shot, scene or segment of a video (the formats list)',
	action: 'Predict the formats of a composite slice',
};

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'compositeSlice',
	endpoint: 'videoInsights.predictCompositeSliceFormat',
	does: 'Names the formats of one shot, scene or segment of a video.',
	returns: 'the formats (a list of text)',
});
