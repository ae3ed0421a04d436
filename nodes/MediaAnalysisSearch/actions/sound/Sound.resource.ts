import { resourceDescription } from '../../../shared/resourceOperations';
import * as search from './search.operation';

export const operations = { search };

export const description = resourceDescription('sound', operations, { default: 'search' });
