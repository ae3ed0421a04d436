import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	operation: 'predictMoods',
	endpoint: 'predict-video-mood-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-mood-post',
	does: "Names the moods of one video, from the organization's vocabulary and the service's own.",
	returns: 'the moods (a list of text)',
});
