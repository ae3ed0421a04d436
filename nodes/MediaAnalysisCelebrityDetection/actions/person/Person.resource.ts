import { resourceDescription } from '../../../shared/resourceOperations';
import * as get from './get.operation';
import * as getByNames from './getByNames.operation';
import * as getMany from './getMany.operation';
import * as updateAliases from './updateAliases.operation';

export const operations = { get, getByNames, getMany, updateAliases };

export const description = resourceDescription('person', operations, { default: 'get' });
