import { resourceDescription } from '../../../shared/resourceOperations';
import * as getMany from './getMany.operation';
import * as remove from './remove.operation';
import * as updateRoles from './updateRoles.operation';

export const operations = { getMany, remove, updateRoles };

export const description = resourceDescription('user', operations, { default: 'getMany' });
