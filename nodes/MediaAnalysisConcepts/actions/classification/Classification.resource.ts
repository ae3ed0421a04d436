import { resourceDescription } from '../../../shared/resourceOperations';
import * as classifyImage from './classifyImage.operation';

export const operations = { classifyImage };

export const description = resourceDescription('classification', operations, { default: 'classifyImage' });
