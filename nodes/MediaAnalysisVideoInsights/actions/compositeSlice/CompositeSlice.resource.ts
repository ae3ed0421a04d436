import { resourceDescription } from '../../../shared/resourceOperations';
import * as generateSummary from './generateSummary.operation';
import * as predictFormats from './predictFormats.operation';
import * as predictMoods from './predictMoods.operation';
import * as predictSubjects from './predictSubjects.operation';

export const operations = { generateSummary, predictFormats, predictMoods, predictSubjects };

export const description = resourceDescription('compositeSlice', operations, { default: 'generateSummary' });
