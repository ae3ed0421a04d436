import { resourceDescription } from '../../../shared/resourceOperations';
import * as deleteAssets from './delete.operation';
import * as getStatus from './getStatus.operation';
import * as updateMetadata from './updateMetadata.operation';

export const operations = { delete: deleteAssets, getStatus, updateMetadata };

export const description = resourceDescription('asset', operations, { default: 'getStatus' });
