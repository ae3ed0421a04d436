import { narrativeOperation } from '../narrativeOperation';

export const { description, execute, toolDescription } = narrativeOperation({
	resource: 'video',
	operation: 'predictSubjects',
	endpoint: 'predict-video-subject-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-subject-post',
	does: "Names the subjects of one video, from the organization's vocabulary and the service's own.",
	returns: 'the subjects (a list of text)',
});
