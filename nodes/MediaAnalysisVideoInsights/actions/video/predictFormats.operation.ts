import { narrativeOperation } from '../narrativeOperation';

export const { description, execute } = narrativeOperation({
	resource: 'video',
	operation: 'predictFormats',
	endpoint: 'predict-video-format-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-format-post',
});
