import { NodeOperationError } from 'n8n-workflow';

import { listSearchMethod } from '../../shared/methods/pagedListSearch';
import { videoSearchBody } from '../../shared/transport';
import { UUID_PATTERN } from '../../shared/validation';

const UUID = new RegExp(UUID_PATTERN, 'i');

interface FoundVideo {
	video_id: string;
	source_path: string;
}

/**
 * "From list" for a video of the chosen dataset. The service has no video listing, so the list is the dataset's
 * video search: the words typed rank the videos, and the offset pages on.
 */
export const searchVideos = listSearchMethod<FoundVideo>((context) => {
	const datasetId = String(context.getCurrentNodeParameter('datasetId', { extractValue: true }) ?? '').trim();
	if (!UUID.test(datasetId)) {
		throw new NodeOperationError(context.getNode(), 'Choose the dataset first', {
			description: 'The list shows the videos of the dataset chosen above From List or By ID (a dataset given By Name is looked up only when the node runs: give the video By ID).',
		});
	}
	return {
		request: { method: 'POST', path: '/api/v1/search/video', body: { dataset_id: datasetId, ignore_keyframes: true }, idempotent: true },
		style: videoSearchBody,
		pageSize: 50,
		serverFilter: (text) => ({ text_query: text?.trim() ?? '' }),
		toResults: (video) => ({
			name: video.source_path.split('/').pop() || video.source_path,
			value: video.video_id,
			description: video.source_path,
		}),
	};
});
