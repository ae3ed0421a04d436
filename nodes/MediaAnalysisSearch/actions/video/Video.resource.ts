import { resourceDescription } from '../../../shared/resourceOperations';
import * as search from './search.operation';
import * as searchWithinVideo from './searchWithinVideo.operation';

export const operations = { search, searchWithinVideo };

export const description = resourceDescription('video', operations, { default: 'search' });
