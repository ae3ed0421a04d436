import { resourceDescription } from '../../../shared/resourceOperations';
import * as countAssetStatuses from './countAssetStatuses.operation';
import * as getAssetStatuses from './getAssetStatuses.operation';
import * as getJobStatuses from './getJobStatuses.operation';

export const operations = { countAssetStatuses, getAssetStatuses, getJobStatuses };

export const description = resourceDescription('dataset', operations, { default: 'getAssetStatuses' });
