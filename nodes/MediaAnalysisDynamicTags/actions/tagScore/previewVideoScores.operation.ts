import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { collection, datasetLocator, numberField, returnAllOrLimit } from '../../../shared/descriptions';
import { withinLimit } from '../../../shared/readers';
import { outputProperties, shapeOutput } from '../../../shared/output';
import {
	FRACTION,
	getId,
	getMinConfidence,
	groupLocator,
	minConfidenceField,
	scoresNotFound,
	tagLocator,
	tagVersionLocator,
	UNIT,
	VIDEO_SCORE,
} from './fields';

export const option = {
	name: 'Preview Video Scores',
	description: 'Score every video of a dataset for a tag with a strategy and minimum confidence you choose',
	action: 'Preview the video scores of a tag',
};

export const description: INodeProperties[] = [
	groupLocator,
	tagLocator,
	tagVersionLocator,
	datasetLocator({ description: 'The dataset whose videos to score' }),
	{
		displayName: 'Strategy',
		name: 'strategy',
		type: 'options',
		options: [
			{
				name: 'Any Hit',
				value: 'ANY_HIT',
				description: 'A video qualifies when any of its shots scores at least the minimum confidence',
			},
			{
				name: 'Coverage Threshold',
				value: 'COVERAGE_THRESHOLD',
				description: 'A video qualifies when enough of its shots score at least the minimum confidence',
			},
			{
				name: 'Longest Run',
				value: 'LONGEST_RUN',
				description: 'Scores each video by its longest run of shots that qualify',
			},
		],
		default: 'ANY_HIT',
		description: 'How the scores of the shots of a video make the score of the video',
	},
	minConfidenceField(0.5, 'The score a shot needs to count, from 0 to 1'),
	numberField(
		'Coverage Threshold',
		'coverageThreshold',
		0.5,
		'The share of its shots (0 to 1) that must count for a video to qualify',
		FRACTION,
		{ displayOptions: { show: { strategy: ['COVERAGE_THRESHOLD'] } } },
	),
	collection('Options', 'options', 'Add option', [
		{
			displayName: 'Engine',
			name: 'engine',
			type: 'options',
			options: [
				{ name: 'DuckDB', value: 'DUCKDB', description: 'Supports every strategy' },
				{ name: 'Pinot', value: 'PINOT', description: 'Supports Any Hit and Coverage Threshold only' },
			],
			default: 'DUCKDB',
		},
		numberField('Max Shot Length (Seconds)', 'maxShotLength', 30, 'Leave out videos with any shot longer than this', {
			minValue: 1,
			numberPrecision: 0,
		}),
	]),
	...returnAllOrLimit(undefined, { toolLimit: true }),
	...outputProperties(VIDEO_SCORE),
];

export const toolDescription =
	'Scores every video of a dataset for one version of a dynamic tag, with a strategy (any shot, enough shots, or the longest run) and a minimum confidence, up to the Limit. Needs the tag group, tag and tag version IDs (UUIDs) and the dataset (its ID or exact name). Returns each video with its coactive_video_id, score and whether it meets the criteria.';

/**
 * Scores every video of a dataset for one tag version with the given strategy, one item per video. The service
 * answers in one page; Return All / Limit keep what the node outputs (50 by default, agent-sized for tool use).
 */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const groupId = getId(item, groupLocator);
	const tagId = getId(item, tagLocator);
	const strategy = item.param<string>('strategy');
	const page = item.pageLimit();
	const options = item.options();
	const qs: IDataObject = {
		tag_version_id: getId(item, tagVersionLocator),
		dataset_id: await item.datasetId(),
		strategy,
		min_conf: getMinConfidence(item, 0),
	};
	if (strategy === 'COVERAGE_THRESHOLD') {
		qs.coverage_threshold = item.range(item.param('coverageThreshold'), 'Coverage Threshold', UNIT);
	}
	if (options.engine !== undefined) qs.engine = options.engine;
	if (options.maxShotLength !== undefined) {
		qs.max_shot_length = item.range(options.maxShotLength, 'Max Shot Length (Seconds)', { min: 1 });
	}
	const response = await run.call('dynamicTags.getVideoScoresResultPreview', {
		params: { group_id: groupId, tag_id: tagId },
		qs,
		itemIndex,
		explain: (failure, details) =>
			failure.status === 400
				? {
						message: `The service refused this combination: ${details[0] ?? 'bad request'}`,
						description:
							'The Pinot engine supports only the Any Hit and Coverage Threshold strategies; choose DuckDB for Longest Run.',
					}
				: scoresNotFound('tag group, tag, tag version or dataset')?.(failure, details),
	});
	return withinLimit(response.data, page).map(shapeOutput(item, VIDEO_SCORE));
}
