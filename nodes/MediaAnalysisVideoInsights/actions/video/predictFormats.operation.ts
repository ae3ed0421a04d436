import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	operation: 'predictFormats',
	endpoint: 'predict-video-format-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-format-post',
	does: "Names the formats of one video (e.g. tutorial, short-form), from the organization's vocabulary and the service's own.",
	returns: 'the formats (a list of text)',
});
