import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { CreateIngestJobFromFileRequest } from '../../../shared/schemas.generated';
import { datasetLocator, textField, waitForCompletionFields } from '../../../shared/descriptions';
import { createOptions, getConnectionName, ingestNotice } from '../fields';
import { createJob } from '../../../shared/ingestJobs';

export const option = {
	name: 'Create From File',
	description: 'Ingest the assets listed in a CSV or JSON file',
	action: 'Create an ingestion job from a file',
};

export const description: INodeProperties[] = [
	ingestNotice('every asset the file lists'),
	datasetLocator({ description: 'The dataset to ingest the listed assets into' }, { byName: true }),
	textField(
		'File Path',
		'sourcePath',
		'e.g. s3://my-bucket/manifests/assets.csv',
		'The CSV or JSON file that lists the assets (up to 100,000 rows)',
		{ required: true },
	),
	{
		displayName: 'File Type',
		name: 'fileType',
		type: 'options',
		options: [
			{ name: 'CSV', value: 'csv' },
			{ name: 'Detect From Extension', value: 'unspecified' },
			{ name: 'JSON', value: 'json' },
		],
		default: 'unspecified',
	},
	...waitForCompletionFields('ingestion job'),
	createOptions('The connection to the bucket holding the file; leave it out for a public URL'),
];

export const toolDescription =
	'Ingests the images and videos listed in a CSV or JSON file into a dataset, as one ingestion job. Needs the dataset (its ID, a UUID, or its exact name) and the path of the file, e.g. s3://my-bucket/manifests/assets.csv. Returns the job with its id (24 hex characters) and status.';

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run, item: Item) {
	const body: CreateIngestJobFromFileRequest = {
		dataset_id: await item.datasetId(),
		source_path: item.notEmpty(item.param('sourcePath', ''), 'File Path'),
	};
	const fileType = item.param<typeof body.file_type>('fileType', 'unspecified');
	if (fileType && fileType !== 'unspecified') body.file_type = fileType;
	const connectionName = getConnectionName(item);
	if (connectionName) body.connection_name = connectionName;
	return await createJob(item, 'ingestion.createIngestJobFromFile', body);
}
