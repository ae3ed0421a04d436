import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { datasetLocator, simplifyOutput, simplifyProperty } from '../../../shared/descriptions';
import { callEndpoint } from '../../../shared/endpoints';
import { includeDeletedOption, readDatasetCall, SIMPLE_DATASET_FIELDS } from './fields';

const properties: INodeProperties[] = [datasetLocator(), includeDeletedOption, simplifyProperty(SIMPLE_DATASET_FIELDS)];

export const description = updateDisplayOptions({ show: { resource: ['dataset'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const dataset = await callEndpoint(this, 'get-dataset-by-id-api-v-1-datasets-dataset-id-get', await readDatasetCall.call(this, itemIndex));
	return simplifyOutput.call(this, itemIndex, SIMPLE_DATASET_FIELDS)(dataset);
}
