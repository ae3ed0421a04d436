import type { INodePropertyOptions } from 'n8n-workflow';

import type { AssetType, DatasetStatus, KeyframeSamplingMethod, VisualEncoderName } from '../../../shared/api';

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

export const DATASET_NAME = /^[a-zA-Z0-9_]+$/;
