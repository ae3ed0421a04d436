import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'compositeSlice',
	operation: 'predictSubjects',
	endpoint: 'predict-composite-slice-subject-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-subject-post',
	does: 'Names the subjects of one shot, scene or segment of a video.',
	returns: 'the subjects (a list of text)',
});
