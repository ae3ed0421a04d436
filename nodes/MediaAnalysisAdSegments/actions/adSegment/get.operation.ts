import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { explainVideoFailure, getVideo, videoFields } from './video';

export const description = updateDisplayOptions({ show: { resource: ['adSegment'], operation: ['get'] } }, videoFields);

/** One item per video: the service's `{ad_segments: [...]}` (empty when the video has none). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const video = getVideo.call(this, itemIndex);
	return await apiRequest.call(this, {
		method: 'GET',
		path: video.path,
		itemIndex,
		explain: explainVideoFailure(video, 'get'),
	});
}
