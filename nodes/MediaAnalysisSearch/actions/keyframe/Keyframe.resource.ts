import { resourceDescription } from '../../../shared/resourceOperations';
import * as findCelebrityMatches from './findCelebrityMatches.operation';
import * as searchByImage from './searchByImage.operation';
import * as searchByText from './searchByText.operation';

export const operations = { findCelebrityMatches, searchByImage, searchByText };

export const description = resourceDescription('keyframe', operations, { default: 'searchByText' });
