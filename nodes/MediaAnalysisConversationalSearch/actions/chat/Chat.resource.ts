import { resourceDescription } from '../../../shared/resourceOperations';
import * as sendMessage from './sendMessage.operation';

export const operations = { sendMessage };

export const description = resourceDescription('chat', operations, { default: 'sendMessage' });
