import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	operation: 'predictGenres',
	endpoint: 'predict-video-genre-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-genre-post',
	does: "Names the genres of one video, from the organization's vocabulary and the service's own.",
	returns: 'the genres (a list of text)',
});
