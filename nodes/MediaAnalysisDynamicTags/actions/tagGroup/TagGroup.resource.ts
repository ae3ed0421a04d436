import { resourceDescription } from '../../../shared/resourceOperations';
import * as getMany from './getMany.operation';

export const operations = { getMany };

export const description = resourceDescription('tagGroup', operations, { default: 'getMany' });
