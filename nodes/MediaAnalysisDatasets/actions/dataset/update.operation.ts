import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { DatasetUpdateRequest } from '../../../shared/api';
import { datasetLocator, getDatasetId } from '../../../shared/descriptions';
import { apiRequest } from '../../../shared/transport';
import { invalidParameter, parseJsonObject } from '../../../shared/validation';
import { assertDatasetName, DATASET_CONFIG_EXAMPLE, datasetConfigField, storeOriginalField, storePreviewField } from './fields';

const properties: INodeProperties[] = [
	datasetLocator(),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			datasetConfigField,
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. product_photos',
				description: 'Letters, digits and underscores only',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Active', value: 'active' },
					{ name: 'Inactive', value: 'inactive' },
				],
				default: 'active',
			},
			storeOriginalField,
			storePreviewField,
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['dataset'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const datasetId = getDatasetId.call(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: DatasetUpdateRequest = {};
	if (fields.name !== undefined) body.name = assertDatasetName.call(this, fields.name, itemIndex);
	if (fields.status !== undefined) body.status = fields.status as DatasetUpdateRequest['status'];
	if (fields.storeOriginal !== undefined) body.store_original = fields.storeOriginal as boolean;
	if (fields.storePreview !== undefined) body.store_preview = fields.storePreview as boolean;
	if (fields.datasetConfig !== undefined) {
		body.dataset_config = parseJsonObject.call<
			IExecuteFunctions,
			[unknown, string, number, string],
			DatasetUpdateRequest['dataset_config']
		>(this, fields.datasetConfig, 'Dataset Config (JSON)', itemIndex, DATASET_CONFIG_EXAMPLE);
	}
	if (Object.keys(body).length === 0) {
		throw invalidParameter.call(
			this,
			'Update Fields',
			itemIndex,
			'no field to update was added',
			'Add at least one field under "Update Fields".',
		);
	}
	return await apiRequest.call(this, {
		method: 'PATCH',
		path: `/api/v1/datasets/${datasetId}`,
		body: body as unknown as IDataObject,
		itemIndex,
		resourceLabel: 'Dataset',
	});
}
