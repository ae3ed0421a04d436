import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { AssetType, DatasetStatus, KeyframeSamplingMethod, VisualEncoderName } from '../../../shared/api';
import { invalidParameter } from '../../../shared/validation';

/** `multimodal` passed its sunset (2025-07-07) and is never offered. */
export const ENCODERS: Array<Exclude<VisualEncoderName, 'multimodal'>> = [
	'multimodal-tx-large2',
	'multimodal-tx-large3',
	'multimodal-tx-large4',
	'nova2-multimodal',
	'resnet-50',
	'resnet-50-reduced',
];

export const encoderOptions: INodePropertyOptions[] = ENCODERS.map((name) => ({ name, value: name }));

const ASSET_TYPES: AssetType[] = ['image', 'video'];
export const assetTypeOptions: INodePropertyOptions[] = ASSET_TYPES.map((value) => ({
	name: value === 'image' ? 'Image' : 'Video',
	value,
}));

const SAMPLING: KeyframeSamplingMethod[] = ['intelligent', 'uniform'];
export const samplingOptions: INodePropertyOptions[] = SAMPLING.map((value) => ({
	name: value === 'intelligent' ? 'Intelligent' : 'Uniform',
	value,
}));

const STATUSES: DatasetStatus[] = ['active', 'inactive', 'deleting', 'deleted'];
export const statusOptions: INodePropertyOptions[] = STATUSES.map((value) => ({
	name: value[0].toUpperCase() + value.slice(1),
	value,
}));

const DATASET_NAME = /^[a-zA-Z0-9_]+$/;

/** Dataset names are letters, digits and underscores only; checked before anything is sent. */
export function assertDatasetName(this: IExecuteFunctions, value: unknown, itemIndex: number): string {
	const name = String(value ?? '').trim();
	if (!DATASET_NAME.test(name)) {
		throw invalidParameter.call(
			this,
			'Name',
			itemIndex,
			name ? `"${name}" has characters other than letters, digits and underscores` : 'it is empty',
			'Use only letters, digits and underscores, e.g. product_photos.',
		);
	}
	return name;
}

/** Fields that Create and Update share, with the same meaning. */
export const DATASET_CONFIG_EXAMPLE = '{"celebrity_detection_enabled": true}';

export const datasetConfigField: INodeProperties = {
	displayName: 'Dataset Config (JSON)',
	name: 'datasetConfig',
	type: 'json',
	default: '{}',
	description: 'Advanced configuration object, as the service defines it',
};

export const storeOriginalField: INodeProperties = {
	displayName: 'Store Original',
	name: 'storeOriginal',
	type: 'boolean',
	default: true,
	description: 'Whether to keep a copy of each original asset',
};

export const storePreviewField: INodeProperties = {
	displayName: 'Store Preview',
	name: 'storePreview',
	type: 'boolean',
	default: true,
	description: 'Whether to keep a preview of each asset',
};
