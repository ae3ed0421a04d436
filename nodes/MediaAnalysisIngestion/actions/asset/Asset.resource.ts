import { resourceDescription } from '../../../shared/resourceOperations';
import * as deleteAssets from './delete.operation';
import * as getStatus from './getStatus.operation';
import * as updateMetadata from './updateMetadata.operation';

export const operations = { delete: deleteAssets, getStatus, updateMetadata };

export const description = resourceDescription('asset', operations, {
	options: [
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete images or videos from a dataset, 100 per request',
			action: 'Delete assets',
		},
		{
			name: 'Get Status',
			value: 'getStatus',
			description:
				'Get the ingestion status of one image or video by its platform ID: status, error code and latest event. To follow a whole job, use Job → Get Many Asset Statuses.',
			action: 'Get the ingestion status of an asset',
		},
		{
			name: 'Update Metadata',
			value: 'updateMetadata',
			description: 'Overwrite, add or remove metadata of ingested assets',
			action: 'Update the metadata of assets',
		},
	],
	default: 'getStatus',
});
