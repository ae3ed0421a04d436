import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'compositeSlice',
	operation: 'predictMoods',
	endpoint: 'predict-composite-slice-mood-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-mood-post',
	does: 'Names the moods of one shot, scene or segment of a video.',
	returns: 'the moods (a list of text)',
});
