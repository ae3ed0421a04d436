import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	operation: 'generateDescription',
	endpoint: 'generate-video-description-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-description-post',
	does: 'Writes a description of one video: its setting and length.',
	returns: 'the description (text)',
});
