import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { CreateIngestJobFromBucketRequest } from '../../../shared/schemas.generated';
import { datasetLocator, numberField, textField, waitForCompletionFields } from '../../../shared/descriptions';
import { createOptions, getConnectionName, ingestNotice } from '../fields';
import { createJob } from '../../../shared/ingestJobs';

export const option = {
	name: 'Create From Bucket',
	description: 'Ingest the files found by scanning a path of a connected bucket',
	action: 'Create an ingestion job from a bucket',
};

export const description: INodeProperties[] = [
	ingestNotice('every image and video found under the path (to the Max Depth)'),
	datasetLocator({ description: 'The dataset to ingest the files into' }, { byName: true }),
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		options: [
			{ name: 'Bucket and Prefix', value: 'spec', description: 'Give the bucket name and the prefix to scan' },
			{ name: 'Path', value: 'path', description: 'Give the path to scan, e.g. s3://my-bucket/photos/' },
		],
		default: 'path',
	},
	textField(
		'Path',
		'bucketPath',
		'e.g. s3://my-bucket/photos/',
		"Where the scan starts: s3://bucket/prefix/, or a prefix inside the connection's bucket",
		{ required: true, displayOptions: { show: { source: ['path'] } } },
	),
	{
		displayName: 'Bucket',
		name: 'bucket',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. my-bucket',
		displayOptions: { show: { source: ['spec'] } },
	},
	{
		displayName: 'Prefix',
		name: 'prefix',
		type: 'string',
		default: '/',
		placeholder: 'e.g. /photos/2026/',
		description: 'The folder inside the bucket where the scan starts; / scans from the top',
		displayOptions: { show: { source: ['spec'] } },
	},
	numberField(
		'Max Depth',
		'maxDepth',
		0,
		'How many folder levels below the start to scan: 0 takes only the files directly in it, at most 10',
		{ minValue: 0, maxValue: 10 },
	),
	...waitForCompletionFields('ingestion job'),
	createOptions('The connection to the bucket to scan; leave it out when the service reaches the bucket without one'),
];

export const toolDescription =
	'Ingests every image and video found under a path of a connected storage bucket into a dataset, as one ingestion job. Needs the dataset (its ID, a UUID, or its exact name), the connection and the path, e.g. s3://my-bucket/photos/. Returns the job with its id (24 hex characters) and status.';

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run, item: Item) {
	const body: CreateIngestJobFromBucketRequest = {
		dataset_id: await item.datasetId(),
		connection_name: getConnectionName(item),
		max_depth: item.range(item.param('maxDepth', 0), 'Max Depth', { min: 0, max: 10 }),
	};
	if (item.param<string>('source', 'path') === 'spec') {
		body.spec = {
			bucket: item.notEmpty(item.param('bucket', ''), 'Bucket'),
			prefix: String(item.param('prefix', '/')).trim() || '/',
		};
	} else {
		body.path = item.notEmpty(item.param('bucketPath', ''), 'Path');
	}
	return await createJob(item, 'ingestion.createIngestJobFromBucket', body);
}
