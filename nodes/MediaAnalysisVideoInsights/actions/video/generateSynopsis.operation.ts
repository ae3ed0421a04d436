import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	operation: 'generateSynopsis',
	endpoint: 'generate-video-synopsis-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-synopsis-post',
	does: 'Writes a synopsis of one video: how it opens and how it ends.',
	returns: 'the synopsis (text)',
});
