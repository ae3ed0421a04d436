import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { datasetLocator, getDatasetId, simplifyOutput, simplifyProperty } from '../../../shared/descriptions';
import { callEndpoint } from '../../../shared/endpoints';
import { SIMPLE_DATASET_FIELDS } from './fields';

export const includeDeletedOption: INodeProperties = {
	displayName: 'Include Deleted',
	name: 'includeDeleted',
	type: 'boolean',
	default: false,
	description: 'Whether to return the dataset even if it was deleted',
};

const properties: INodeProperties[] = [datasetLocator(), includeDeletedOption, simplifyProperty(SIMPLE_DATASET_FIELDS)];

export const description = updateDisplayOptions({ show: { resource: ['dataset'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const dataset = await callEndpoint(this, 'get-dataset-by-id-api-v-1-datasets-dataset-id-get', {
		params: { dataset_id: getDatasetId.call(this, itemIndex) },
		qs: { include_deleted: this.getNodeParameter('includeDeleted', itemIndex, false) as boolean },
		itemIndex,
	});
	return simplifyOutput.call(this, itemIndex, SIMPLE_DATASET_FIELDS)(dataset);
}
