import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteTerm from './delete.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations = { create, delete: deleteTerm, getMany, update };

export const description = resourceDescription('term', operations, { default: 'getMany' });
