import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { datasetLocator, returnAllOrLimit, uuidMode } from '../../../shared/descriptions';
import { withinLimit } from '../../../shared/readers';
import { listLocator } from '../../../shared/node';
import {
	getId,
	getMinConfidence,
	groupLocator,
	minConfidenceField,
	scoresNotFound,
	tagLocator,
	tagVersionLocator,
} from './fields';

/** The service's bound: min_conf must be greater than 0.1. */
const MIN_CONFIDENCE_FLOOR = 0.1;

const videoLocator = listLocator(
	{
		displayName: 'Video',
		name: 'videoId',
		description: 'The video (coactive_video_id in video scores). The list searches the videos of the dataset above.',
	},
	'a video',
	'searchVideos',
	[uuidMode('video')],
);

export const option = {
	name: 'Get Many Shot Scores',
	description: 'Get the shots of one video that score at least a minimum for a tag',
	action: 'Get many shot scores of a video for a tag',
};

export const description: INodeProperties[] = [
	groupLocator,
	tagLocator,
	tagVersionLocator,
	datasetLocator({ description: 'The dataset that holds the video' }),
	videoLocator,
	minConfidenceField(0.5, 'Only shots scoring at least this, more than 0.1 and at most 1'),
	...returnAllOrLimit(undefined, { toolLimit: true }),
];

export const toolDescription =
	"Lists the shots of one video that score at least a minimum confidence for one version of a dynamic tag, up to the Limit. Needs the tag group, tag and tag version IDs (UUIDs), the dataset (its ID or exact name) and the video ID. Returns each shot with its start and end times and score, and the video's total shot count.";

/**
 * The shots of one video scoring at least the minimum, one item each, with the video's total shot count. The service
 * answers in one page; Return All / Limit keep what the node outputs.
 */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const groupId = getId(item, groupLocator);
	const tagId = getId(item, tagLocator);
	const versionId = getId(item, tagVersionLocator);
	const videoId = getId(item, videoLocator);
	const page = item.pageLimit();
	const qs = {
		dataset_id: await item.datasetId(),
		min_conf: getMinConfidence(item, MIN_CONFIDENCE_FLOOR, true),
	};
	const response = await run.call('dynamicTags.getVideoShotScores', {
		params: { group_id: groupId, tag_id: tagId, version_id: versionId, video_id: videoId },
		qs,
		itemIndex,
		explain: scoresNotFound('tag group, tag, tag version, video or dataset'),
	});
	const total = response.total_shot_count ?? null;
	return withinLimit(response.data, page).map((shot) => ({ video_id: videoId, total_shot_count: total, ...shot }));
}
