import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteConnection from './delete.operation';
import * as get from './get.operation';
import * as getCredentials from './getCredentials.operation';
import * as getMany from './getMany.operation';
import * as listBucket from './listBucket.operation';
import * as test from './test.operation';
import * as update from './update.operation';

export const operations = { create, delete: deleteConnection, get, getCredentials, getMany, listBucket, test, update };

export const description = resourceDescription('connection', operations, { default: 'getMany' });
