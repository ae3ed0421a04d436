import { narrativeOperation } from '../narrativeOperation';

export const { description, execute } = narrativeOperation({
	resource: 'video',
	operation: 'generateSummary',
	endpoint: 'generate-video-summary-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-summary-post',
});
