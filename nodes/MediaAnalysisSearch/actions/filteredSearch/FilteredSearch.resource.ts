import { resourceDescription } from '../../../shared/resourceOperations';
import * as getResult from './getResult.operation';
import * as getStatus from './getStatus.operation';
import * as start from './start.operation';

export const operations = { getResult, getStatus, start };

export const description = resourceDescription('filteredSearch', { start, getStatus, getResult }, { default: 'start' });
