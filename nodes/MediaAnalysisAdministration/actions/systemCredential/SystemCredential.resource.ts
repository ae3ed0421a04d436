import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteCredential from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations = { create, delete: deleteCredential, get, getMany, update };

export const description = resourceDescription('systemCredential', operations, { default: 'getMany' });
