import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { withInputFields } from '../../../shared/inputFields';
import { notice } from '../../../shared/node';
import { includeInputFields, targetRequest, videoFields } from '../fields';

/** Said in every output item: the service gives no way to follow or collect the captioning it started. */
export const CAPTIONING_NOTE =
	'The service captions the keyframes in the background. It has no status endpoint: this node cannot wait for the captions or tell when they are done.';

export const option = {
	name: 'Caption Keyframes',
	description: 'Start captioning the keyframes of a video; the service gives no status to follow',
	action: 'Caption the keyframes of a video',
};

export const description: INodeProperties[] = [
	notice(
		'captionNotice',
		'The service only starts captioning (it answers 202 Accepted) and offers no way to follow it: the node returns at once, and no later step can wait for the captions',
	),
	...videoFields,
	includeInputFields,
];

export const toolDescription =
	"Starts captioning the keyframes of one video on the service; the captions are made in the background and cannot be waited for or read back here. Needs the dataset (its ID, a UUID, or its exact name) and the video ID (a UUID, as the video search returns it). Returns the service's message with dataset_id and video_id.";

/** Starts captioning the video's keyframes: the item names the video, says it was accepted, and what that means. */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const request = await targetRequest(item, false);
	const response = await run.call('videoInsights.captionVideoKeyframes', request);
	const include = item.param('includeInputFields', false);
	return withInputFields(include, item.context.getInputData()[itemIndex]?.json ?? {}, {
		...request.params,
		accepted: true,
		...response,
		note: CAPTIONING_NOTE,
	});
}
