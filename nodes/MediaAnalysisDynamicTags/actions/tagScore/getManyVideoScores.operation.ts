import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { collection, returnAllOrLimit } from '../../../shared/descriptions';
import { outputProperties, shapeOutput } from '../../../shared/output';
import { aggregationLocator, getId, groupLocator, scoresNotFound, tagLocator, VIDEO_SCORE } from './fields';

export const option = {
	name: 'Get Many Video Scores',
	description: 'Get the videos a saved aggregation of a tag scored, one item per video',
	action: 'Get many video scores of a tag',
};

export const description: INodeProperties[] = [
	groupLocator,
	tagLocator,
	aggregationLocator,
	...returnAllOrLimit(undefined, { toolLimit: true }),
	...outputProperties(VIDEO_SCORE),
	collection('Options', 'options', 'Add option', [
		{
			displayName: 'Sort Order',
			name: 'sortOrder',
			type: 'options',
			options: [
				{ name: 'Highest Score First', value: 'desc' },
				{ name: 'Lowest Score First', value: 'asc' },
			],
			default: 'desc',
		},
	]),
];

export const toolDescription =
	'Lists the videos a saved aggregation of a dynamic tag scored, highest score first, up to the Limit. Needs the tag group, the tag and the aggregation IDs (UUIDs). Returns each video with its coactive_video_id, score, whether it meets the criteria and its metadata (title, series, genre).';

/** The videos a saved aggregation scored for a tag, one item each (page/per_page, has_next_page). */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const groupId = getId(item, groupLocator);
	const tagId = getId(item, tagLocator);
	const aggregationId = getId(item, aggregationLocator);
	const options = item.options();
	const scores = await run.list('dynamicTags.getVideoScoresResult', {
		params: { group_id: groupId, tag_id: tagId, aggregation_id: aggregationId },
		qs: options.sortOrder ? { sort_order: options.sortOrder } : {},
		explain: scoresNotFound('tag group, tag or aggregation'),
		itemIndex,
		limit: 'parameters',
	});
	return scores.map(shapeOutput(item, VIDEO_SCORE));
}
