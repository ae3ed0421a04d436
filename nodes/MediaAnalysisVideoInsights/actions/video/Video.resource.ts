import { resourceDescription } from '../../../shared/resourceOperations';
import * as captionKeyframes from './captionKeyframes.operation';
import * as generateDescription from './generateDescription.operation';
import * as generateSummary from './generateSummary.operation';
import * as generateSynopsis from './generateSynopsis.operation';
import * as predictFormats from './predictFormats.operation';
import * as predictGenres from './predictGenres.operation';
import * as predictMoods from './predictMoods.operation';
import * as predictSubjects from './predictSubjects.operation';

export const operations = {
	captionKeyframes,
	generateDescription,
	generateSummary,
	generateSynopsis,
	predictFormats,
	predictGenres,
	predictMoods,
	predictSubjects,
};

export const description = resourceDescription('video', operations, { default: 'generateSummary' });
