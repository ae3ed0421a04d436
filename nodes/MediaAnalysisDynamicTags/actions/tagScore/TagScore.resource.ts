import { resourceDescription } from '../../../shared/resourceOperations';
import * as countVideoScores from './countVideoScores.operation';
import * as getManyShotScores from './getManyShotScores.operation';
import * as getManyVideoScores from './getManyVideoScores.operation';
import * as previewVideoScores from './previewVideoScores.operation';

export const operations = { countVideoScores, getManyShotScores, getManyVideoScores, previewVideoScores };

export const description = resourceDescription('tagScore', operations, { default: 'previewVideoScores' });
