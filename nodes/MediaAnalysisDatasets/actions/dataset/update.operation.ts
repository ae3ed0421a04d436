import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { DatasetUpdateRequest } from '../../../shared/api';
import { datasetLocator, getDatasetId } from '../../../shared/descriptions';
import { apiRequest } from '../../../shared/transport';
import { invalidParameter, parseJsonParameter } from '../../../shared/validation';
import { DATASET_NAME } from './fields';

const properties: INodeProperties[] = [
	datasetLocator(),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Dataset Config (JSON)',
				name: 'datasetConfig',
				type: 'json',
				default: '{}',
				description: 'Advanced configuration object, as the service defines it',
			},
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
			{
				displayName: 'Store Original',
				name: 'storeOriginal',
				type: 'boolean',
				default: true,
				description: 'Whether to keep a copy of each original asset',
			},
			{
				displayName: 'Store Preview',
				name: 'storePreview',
				type: 'boolean',
				default: true,
				description: 'Whether to keep a preview of each asset',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['dataset'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const datasetId = getDatasetId.call(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: DatasetUpdateRequest = {};
	if (fields.name !== undefined) {
		const name = String(fields.name).trim();
		if (!DATASET_NAME.test(name)) {
			throw invalidParameter.call(
				this,
				'Name',
				itemIndex,
				name ? `"${name}" has characters other than letters, digits and underscores` : 'it is empty',
				'Use only letters, digits and underscores, e.g. product_photos.',
			);
		}
		body.name = name;
	}
	if (fields.status !== undefined) body.status = fields.status as DatasetUpdateRequest['status'];
	if (fields.storeOriginal !== undefined) body.store_original = fields.storeOriginal as boolean;
	if (fields.storePreview !== undefined) body.store_preview = fields.storePreview as boolean;
	if (fields.datasetConfig !== undefined) {
		body.dataset_config = parseJsonParameter.call<
			IExecuteFunctions,
			[unknown, string, number],
			DatasetUpdateRequest['dataset_config']
		>(this, fields.datasetConfig, 'Dataset Config (JSON)', itemIndex);
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
