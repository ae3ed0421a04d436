import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'compositeSlice',
	operation: 'generateSummary',
	endpoint: 'generate-composite-slice-summary-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-summary-post',
	does: 'Writes a short summary of one shot, scene or segment of a video.',
	returns: 'the summary (text)',
});
