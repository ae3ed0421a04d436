import { resourceDescription } from '../../../shared/resourceOperations';
import * as classifyImage from './classifyImage.operation';

export const operations = { classifyImage };

export const description = resourceDescription('classification', operations, {
	options: [
		{
			name: 'Classify Image',
			value: 'classifyImage',
			description: 'Score an image from a public URL against concepts',
			action: 'Classify an image from a URL',
		},
	],
	default: 'classifyImage',
});
