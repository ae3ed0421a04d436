import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { datasetLocator, getDatasetId } from '../../../shared/descriptions';
import { apiRequest } from '../../../shared/transport';
import { includeDeletedOption } from './get.operation';

const properties: INodeProperties[] = [datasetLocator(), includeDeletedOption];

export const description = updateDisplayOptions({ show: { resource: ['dataset'], operation: ['getConfig'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const datasetId = getDatasetId.call(this, itemIndex);
	return await apiRequest.call(this, {
		method: 'GET',
		path: `/api/v1/datasets/${datasetId}/config`,
		qs: { include_deleted: this.getNodeParameter('includeDeleted', itemIndex, false) as boolean },
		itemIndex,
		resourceLabel: 'Dataset',
	});
}
