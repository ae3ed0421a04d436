import { resourceDescription } from '../../../shared/resourceOperations';
import * as countVideoScores from './countVideoScores.operation';
import * as getManyShotScores from './getManyShotScores.operation';
import * as getManyVideoScores from './getManyVideoScores.operation';
import * as previewVideoScores from './previewVideoScores.operation';

export const operations = { countVideoScores, getManyShotScores, getManyVideoScores, previewVideoScores };

export const description = resourceDescription('tagScore', operations, {
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
});
