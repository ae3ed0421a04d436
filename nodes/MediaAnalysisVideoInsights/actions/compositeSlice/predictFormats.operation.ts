import { narrativeOperation } from '../narrativeOperation';

export const { description, execute } = narrativeOperation({
	resource: 'compositeSlice',
	operation: 'predictFormats',
	endpoint: 'predict-composite-slice-format-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-format-post',
});
