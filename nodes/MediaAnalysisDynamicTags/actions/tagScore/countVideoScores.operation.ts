import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { aggregationLocator, getId, groupLocator, scoresNotFound, tagLocator } from './fields';

export const option = {
	name: 'Count Video Scores',
	description: 'Count the videos a saved aggregation of a tag scored, by whether they meet its criteria',
	action: 'Count the video scores of a tag',
};

export const description: INodeProperties[] = [
	groupLocator,
	tagLocator,
	aggregationLocator,
	{
		displayName: 'Count Videos That',
		name: 'criteriaMet',
		type: 'options',
		options: [
			{ name: 'Meet the Criteria', value: true },
			{ name: 'Do Not Meet the Criteria', value: false },
		],
		default: true,
	},
	{
		displayName: 'Accepted',
		name: 'accepted',
		type: 'options',
		options: [
			{ name: 'Accepted or Not', value: 'any' },
			{ name: 'Accepted Only', value: 'true' },
			{ name: 'Not Accepted Only', value: 'false' },
		],
		default: 'any',
		description: 'Whether to count only scores that were accepted, or only those that were not',
	},
];

export const toolDescription =
	'Counts the videos a saved aggregation of a dynamic tag scored, by whether they meet its criteria (and, if asked, were accepted). Needs the tag group, the tag and the aggregation IDs (UUIDs). Returns the count.';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const groupId = getId(item, groupLocator);
	const tagId = getId(item, tagLocator);
	const aggregationId = getId(item, aggregationLocator);
	const qs: IDataObject = { criteria_met: item.param<unknown>('criteriaMet', true) !== false };
	const accepted = item.param('accepted', 'any');
	if (accepted !== 'any') qs.accepted = accepted === 'true';
	return await run.call('dynamicTags.getVideoScoresResultCount', {
		params: { group_id: groupId, tag_id: tagId, aggregation_id: aggregationId },
		qs,
		itemIndex,
		explain: scoresNotFound('tag group, tag or aggregation'),
	});
}
