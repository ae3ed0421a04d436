import { resourceDescription } from '../../../shared/resourceOperations';
import * as searchExactPhrase from './searchExactPhrase.operation';
import * as searchSpokenContent from './searchSpokenContent.operation';

export const operations = { searchExactPhrase, searchSpokenContent };

export const description = resourceDescription('transcript', operations, { default: 'searchSpokenContent' });
