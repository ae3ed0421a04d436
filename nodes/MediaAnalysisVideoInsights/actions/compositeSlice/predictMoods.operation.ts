import { narrativeOperation } from '../narrativeOperation';

export const option = {
	name: 'Predict Moods',
	description: 'Name the moods of one shot, scene or segment of a video (the moods list)',
	action: 'Predict the moods of a composite slice',
};

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'compositeSlice',
	endpoint: 'videoInsights.predictCompositeSliceMood',
	does: 'Names the moods of one shot, scene or segment of a video.',
	returns: 'the moods (a list of text)',
});
