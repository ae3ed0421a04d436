import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	operation: 'generateSummary',
	endpoint: 'generate-video-summary-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-summary-post',
	does: 'Writes a short summary of one video: what it shows and says.',
	returns: 'the summary (text)',
});
