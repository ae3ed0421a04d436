import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteDataset from './delete.operation';
import * as get from './get.operation';
import * as getConfig from './getConfig.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations = { create, delete: deleteDataset, get, getConfig, getMany, update };

export const description = resourceDescription('dataset', operations, { default: 'getMany' });
