import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { datasetLocator, getDatasetId } from '../../../shared/descriptions';
import { callEndpoint } from '../../../shared/endpoints';
import { includeDeletedOption } from './get.operation';

const properties: INodeProperties[] = [datasetLocator(), includeDeletedOption];

export const description = updateDisplayOptions({ show: { resource: ['dataset'], operation: ['getConfig'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await callEndpoint(this, 'get-dataset-config-api-v-1-datasets-dataset-id-config-get', {
		params: { dataset_id: getDatasetId.call(this, itemIndex) },
		qs: { include_deleted: this.getNodeParameter('includeDeleted', itemIndex, false) as boolean },
		itemIndex,
	});
}
