import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { DatasetCreateRequest } from '../../../shared/api';
import { apiRequest } from '../../../shared/transport';
import { assertRange, parseJsonObject, splitList } from '../../../shared/validation';
import {
	assertDatasetName,
	assetTypeOptions,
	DATASET_CONFIG_EXAMPLE,
	datasetConfigField,
	encoderOptions,
	samplingOptions,
	storeOriginalField,
	storePreviewField,
} from './fields';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. product_photos',
		description: 'Letters, digits and underscores only',
	},
	{
		displayName: 'Encoder',
		name: 'encoderName',
		type: 'options',
		options: encoderOptions,
		default: 'multimodal-tx-large3',
		description: 'The model that embeds the assets of this dataset',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Allowed Asset Types',
				name: 'allowedAssetTypes',
				type: 'multiOptions',
				options: assetTypeOptions,
				default: ['image', 'video'],
			},
			datasetConfigField,
			{
				displayName: 'Keyframe Sampling Method',
				name: 'keyframeSamplingMethod',
				type: 'options',
				options: samplingOptions,
				default: 'intelligent',
			},
			{
				displayName: 'Keyframe Uniform FPS Sampling Rate',
				name: 'keyframeUniformFpsSamplingRate',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 3 },
				default: 1,
				description: 'Frames per second sampled when the sampling method is uniform',
			},
			{
				displayName: 'Metadata Fields to Embed',
				name: 'metadataFieldsToEmbed',
				type: 'string',
				default: '',
				placeholder: 'e.g. title, caption',
				description: 'Comma-separated metadata field names',
			},
			{
				displayName: 'Metadata Fields to Index',
				name: 'metadataFieldsToIndex',
				type: 'string',
				default: '',
				placeholder: 'e.g. brand, campaign',
				description: 'Comma-separated metadata field names',
			},
			storeOriginalField,
			storePreviewField,
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['dataset'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const name = assertDatasetName.call(this, this.getNodeParameter('name', itemIndex), itemIndex);
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body: DatasetCreateRequest = {
		name,
		encoder_name: this.getNodeParameter('encoderName', itemIndex) as DatasetCreateRequest['encoder_name'],
	};
	if (fields.allowedAssetTypes !== undefined) {
		body.allowed_asset_types = fields.allowedAssetTypes as DatasetCreateRequest['allowed_asset_types'];
	}
	if (fields.keyframeSamplingMethod !== undefined) {
		body.keyframe_sampling_method = fields.keyframeSamplingMethod as DatasetCreateRequest['keyframe_sampling_method'];
	}
	if (fields.keyframeUniformFpsSamplingRate !== undefined) {
		body.keyframe_uniform_fps_sampling_rate = assertRange.call(
			this,
			fields.keyframeUniformFpsSamplingRate,
			'Keyframe Uniform FPS Sampling Rate',
			itemIndex,
			{ min: 0, integer: false },
		);
	}
	if (fields.storeOriginal !== undefined) body.store_original = fields.storeOriginal as boolean;
	if (fields.storePreview !== undefined) body.store_preview = fields.storePreview as boolean;
	if (fields.metadataFieldsToIndex !== undefined) {
		body.metadata_fields_to_index = splitList(fields.metadataFieldsToIndex);
	}
	if (fields.metadataFieldsToEmbed !== undefined) {
		body.metadata_fields_to_embed = splitList(fields.metadataFieldsToEmbed);
	}
	if (fields.datasetConfig !== undefined) {
		body.dataset_config = parseJsonObject.call<
			IExecuteFunctions,
			[unknown, string, number, string],
			DatasetCreateRequest['dataset_config']
		>(this, fields.datasetConfig, 'Dataset Config (JSON)', itemIndex, DATASET_CONFIG_EXAMPLE);
	}
	return await apiRequest.call(this, {
		method: 'POST',
		path: '/api/v1/datasets',
		body: body as unknown as IDataObject,
		itemIndex,
	});
}
