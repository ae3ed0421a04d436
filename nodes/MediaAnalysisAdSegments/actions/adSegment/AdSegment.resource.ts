import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteSegments from './delete.operation';
import * as get from './get.operation';

export const operations = { create, delete: deleteSegments, get };

export const description = resourceDescription('adSegment', operations, { default: 'get' });
