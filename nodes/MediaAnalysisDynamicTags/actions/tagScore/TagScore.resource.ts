import type { INodeProperties } from 'n8n-workflow';

import * as countVideoScores from './countVideoScores.operation';
import * as getManyShotScores from './getManyShotScores.operation';
import * as getManyVideoScores from './getManyVideoScores.operation';
import * as previewVideoScores from './previewVideoScores.operation';

export const operations = { countVideoScores, getManyShotScores, getManyVideoScores, previewVideoScores };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['tagScore'] } },
		options: [
			{
				name: 'Count Video Scores',
				value: 'countVideoScores',
				description: 'Count the videos a saved aggregation of a tag scored, by whether they meet its criteria',
				action: 'Count the video scores of a tag',
			},
			{
				name: 'Get Many Shot Scores',
				value: 'getManyShotScores',
				description: 'Get the shots of one video that score at least a minimum for a tag',
				action: 'Get many shot scores of a video for a tag',
			},
			{
				name: 'Get Many Video Scores',
				value: 'getManyVideoScores',
				description: 'Get the videos a saved aggregation of a tag scored, one item per video',
				action: 'Get many video scores of a tag',
			},
			{
				name: 'Preview Video Scores',
				value: 'previewVideoScores',
				description: 'Score every video of a dataset for a tag with a strategy and minimum confidence you choose',
				action: 'Preview the video scores of a tag',
			},
		],
		default: 'previewVideoScores',
	},
	...countVideoScores.description,
	...getManyShotScores.description,
	...getManyVideoScores.description,
	...previewVideoScores.description,
];
