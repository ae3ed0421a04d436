import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { datasetLocator } from '../../../shared/descriptions';
import { callEndpoint } from '../../../shared/endpoints';
import { includeDeletedOption, readDatasetCall } from './fields';

const properties: INodeProperties[] = [datasetLocator(), includeDeletedOption];

export const description = updateDisplayOptions({ show: { resource: ['dataset'], operation: ['getConfig'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await callEndpoint(this, 'get-dataset-config-api-v-1-datasets-dataset-id-config-get', await readDatasetCall.call(this, itemIndex));
}
