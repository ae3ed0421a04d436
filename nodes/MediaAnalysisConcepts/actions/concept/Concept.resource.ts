import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteConcept from './delete.operation';
import * as estimatePredictions from './estimatePredictions.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations = { create, delete: deleteConcept, estimatePredictions, get, getMany, update };

export const description = resourceDescription('concept', operations, { default: 'getMany' });
