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

export const description = resourceDescription('job', operations, { default: 'createFromAssets' });
