import { narrativeOperation } from '../narrativeOperation';

export const { description, execute } = narrativeOperation({
	resource: 'video',
	operation: 'predictMoods',
	endpoint: 'predict-video-mood-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-mood-post',
});
