import { resourceDescription } from '../../../shared/resourceOperations';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

export const operations = { get, getMany };

export const description = resourceDescription('table', operations, { default: 'getMany' });
