import { resourceDescription } from '../../../shared/resourceOperations';
import * as getCandidates from './getCandidates.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations = { getCandidates, getMany, update };

export const description = resourceDescription('label', operations, { default: 'getMany' });
