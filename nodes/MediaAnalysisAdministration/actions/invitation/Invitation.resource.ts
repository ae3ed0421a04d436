import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteInvitation from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

export const operations = { create, delete: deleteInvitation, get, getMany };

export const description = resourceDescription('invitation', operations, { default: 'getMany' });
