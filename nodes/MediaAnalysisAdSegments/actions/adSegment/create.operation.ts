import type { IDataObject } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { VideoAdSegmentsCreateRequest } from '../../../shared/schemas.generated';
import { getSegments, segmentFields } from './segments';
import { videoFields, videoRequest } from './video';

export const option = {
	name: 'Create',
	description: 'Store ad segments for a video',
	action: 'Create ad segments for a video',
};

export const description = [...videoFields, ...segmentFields];

/** The service accepts the segments (202) and answers with their new IDs. */
export const toolDescription =
	"Stores ad segments for one video: each with its start and end (milliseconds and frames) and optional metadata. Needs the dataset (its ID, a UUID, or its exact name), the video's own identifier and the segments. Returns the IDs of the new segments.";

export async function execute(_itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const request = await videoRequest(item, 'create');
	const body: VideoAdSegmentsCreateRequest = { ad_segments: getSegments(item) };
	return await run.call('adSegments.createAdSegments', { ...request, body });
}
