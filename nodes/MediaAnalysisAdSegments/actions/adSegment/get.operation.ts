import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, updateDisplayOptions } from 'n8n-workflow';

import type { AdSegmentsGetResponse } from '../../../shared/api';
import { apiRequest } from '../../../shared/transport';
import { explainVideoFailure, getVideo, videoFields } from './video';

export const description = updateDisplayOptions({ show: { resource: ['adSegment'], operation: ['get'] } }, videoFields);

/** One item per ad segment of the video (none when it has none), each naming the video it belongs to. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const video = getVideo.call(this, itemIndex);
	const response = (await apiRequest.call(this, {
		method: 'GET',
		path: video.path,
		itemIndex,
		explain: explainVideoFailure(video, 'get'),
	})) as Partial<AdSegmentsGetResponse>;
	if (!Array.isArray(response.ad_segments)) {
		throw new NodeApiError(this.getNode(), {}, {
			message: 'The service answered the ad segments request without a list of ad segments',
			description: 'The answer did not have the documented "ad_segments" list. Try again; if it persists, report it to the Media Analysis team.',
			itemIndex,
		});
	}
	return response.ad_segments.map((segment) => ({
		dataset_id: video.datasetId,
		asset_identifier_value: video.identifier,
		...(segment as unknown as IDataObject),
	}));
}
