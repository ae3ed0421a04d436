import { resourceDescription } from '../../../shared/resourceOperations';
import * as create from './create.operation';
import * as deleteSegments from './delete.operation';
import * as get from './get.operation';

export const operations = { create, delete: deleteSegments, get };

export const description = resourceDescription('adSegment', operations, {
	options: [
		{
			name: 'Create',
			value: 'create',
			description: 'Store ad segments for a video',
			action: 'Create ad segments for a video',
		},
		{
			name: 'Delete',
			value: 'delete',
			description: 'Soft-delete all ad segments of a video',
			action: 'Delete the ad segments of a video',
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get all ad segments stored for a video',
			action: 'Get the ad segments of a video',
		},
	],
	default: 'get',
});
