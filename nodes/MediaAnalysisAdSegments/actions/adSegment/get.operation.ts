import type { IDataObject } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { videoFields, videoRequest } from './video';

export const option = {
	name: 'Get',
	description: 'Get all ad segments stored for a video',
	action: 'Get the ad segments of a video',
};

export const description = videoFields;

/** One item per ad segment of the video (none when it has none), each naming the video it belongs to. */
export const toolDescription =
	"Gets the ad segments stored for one video, one result per segment with its start and end (milliseconds and frames) and metadata. Needs the dataset (its ID, a UUID, or its exact name) and the video's own identifier (the asset identifier value of the dataset).";

export async function execute(_itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const request = await videoRequest(item, 'get');
	const response = await run.call('adSegments.getAdSegments', request);
	return response.ad_segments.map((segment) => ({ ...request.params, ...segment }));
}
