import { narrativeOperation } from '../narrativeOperation';

export const { description, execute } = narrativeOperation({
	resource: 'video',
	operation: 'generateSynopsis',
	endpoint: 'generate-video-synopsis-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-synopsis-post',
});
