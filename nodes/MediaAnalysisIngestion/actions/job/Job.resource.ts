import { resourceDescription } from '../../../shared/resourceOperations';
import * as createFromAssets from './createFromAssets.operation';
import * as createFromBucket from './createFromBucket.operation';
import * as createFromFile from './createFromFile.operation';
import * as createFromImages from './createFromImages.operation';
import * as createFromVideos from './createFromVideos.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as getStatus from './getStatus.operation';

export const operations = {
	createFromAssets,
	createFromBucket,
	createFromFile,
	createFromImages,
	createFromVideos,
	get,
	getMany,
	getStatus,
};

export const description = resourceDescription('job', operations, {
	options: [
		{
			name: 'Create From Assets',
			value: 'createFromAssets',
			description: 'Ingest a list of images and videos, each with its type and metadata',
			action: 'Create an ingestion job from assets',
		},
		{
			name: 'Create From Bucket',
			value: 'createFromBucket',
			description: 'Ingest the files found by scanning a path of a connected bucket',
			action: 'Create an ingestion job from a bucket',
		},
		{
			name: 'Create From File',
			value: 'createFromFile',
			description: 'Ingest the assets listed in a CSV or JSON file',
			action: 'Create an ingestion job from a file',
		},
		{
			name: 'Create From Images',
			value: 'createFromImages',
			description: 'Ingest a list of images',
			action: 'Create an ingestion job from images',
		},
		{
			name: 'Create From Videos',
			value: 'createFromVideos',
			description: 'Ingest a list of videos',
			action: 'Create an ingestion job from videos',
		},
		{
			name: 'Get',
			value: 'get',
			description:
				"One job's own record: its status and how many assets were processed or failed. To see each asset, use Get Many Asset Statuses.",
			action: 'Get an ingestion job',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List ingestion jobs, newest change first, optionally of one dataset or in one status',
			action: 'Get many ingestion jobs',
		},
		{
			name: 'Get Many Asset Statuses',
			value: 'getStatus',
			description:
				'One item per asset of a job: status, error code and reason. Items naming the same job (e.g. the rows of a combined ingest) are read once and give each asset once, paired to its row.',
			action: 'Get many asset statuses of an ingestion job',
		},
	],
	default: 'createFromAssets',
});
