import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { Item } from '../../../shared/item';

import type { VisualEncoderNameEnum } from '../../../shared/schemas.generated';
import {
	ASSET_TYPES,
	DATASET_CONFIG_FIELDS,
	DATASET_FIELDS,
	DATASET_STATUSES,
	SAMPLING_METHODS,
} from '../../../shared/enums.generated';
import { recordFields } from '../../../shared/output';
import type { Checks } from '../../../shared/validation';
import { SUNSET_ENCODER } from '../fields';
import { booleanField } from '../../../shared/descriptions';

export const ENCODERS: Array<Exclude<VisualEncoderNameEnum, 'multimodal'>> = [
	'multimodal-tx-large2',
	'multimodal-tx-large3',
	'multimodal-tx-large4',
	'nova2-multimodal',
	'resnet-50',
	'resnet-50-reduced',
];

export const encoderOptions: INodePropertyOptions[] = ENCODERS.map((name) => ({ name, value: name }));

/** The values in their order (the document's, below), each named by the value with a capital first letter. */
export const optionsOf = (values: readonly string[]): INodePropertyOptions[] =>
	values.map((value) => ({ name: value[0].toUpperCase() + value.slice(1), value }));
export const assetTypeOptions = optionsOf(ASSET_TYPES);
export const samplingOptions = optionsOf(SAMPLING_METHODS);
export const statusOptions = optionsOf(DATASET_STATUSES);

/** The encoder of a new dataset, from the list or an expression: the sunset one and unknown names are refused here. */
export function assertEncoder(item: Checks, value: unknown): VisualEncoderNameEnum {
	const name = String(value ?? '').trim();
	if (name === SUNSET_ENCODER.name) {
		throw item.invalid(
			'Encoder',
			`the encoder "${name}" was retired on ${SUNSET_ENCODER.sunset}`,
			`Use ${SUNSET_ENCODER.replacedBy.join(' or ')} instead.`,
		);
	}
	if (!(ENCODERS as string[]).includes(name)) {
		throw item.invalid('Encoder', `"${name}" is not an encoder of the service`, `Use one of ${ENCODERS.join(', ')}.`);
	}
	return name as VisualEncoderNameEnum;
}

const DATASET_NAME = /^[a-zA-Z0-9_]+$/;

/** Dataset names are letters, digits and underscores only; checked before anything is sent. */
export function assertDatasetName(item: Checks, value: unknown): string {
	const name = String(value ?? '').trim();
	if (!DATASET_NAME.test(name)) {
		throw item.invalid(
			'Name',
			name ? `"${name}" has characters other than letters, digits and underscores` : 'it is empty',
			'Use only letters, digits and underscores, e.g. product_photos.',
		);
	}
	return name;
}

/** A dataset's fields (20), and what Output › Simplified keeps: what it is and how it takes assets. */
export const DATASET = recordFields('dataset', DATASET_FIELDS, [
	'id',
	'name',
	'description',
	'status',
	'allowed_asset_types',
	'encoders',
	'keyframe_sampling_method',
	'created_dt',
	'updated_dt',
]);

/** A dataset's configuration (11 fields), and what Simplified keeps: its encoder and the switches a workflow checks. */
export const DATASET_CONFIG = recordFields('configuration', DATASET_CONFIG_FIELDS, [
	'dataset_id',
	'encoder_name',
	'celebrity_detection_enabled',
	'context_studio_enabled',
	'asset_identifier_key',
	'metadata_fields_to_index',
	'metadata_fields_to_embed',
]);

/** Fields that Create and Update share, with the same meaning. */
export const storeOriginalField: INodeProperties = booleanField(
	'Store Original',
	'storeOriginal',
	'Whether to keep a copy of each original asset',
	true,
);

export const storePreviewField: INodeProperties = booleanField(
	'Store Preview',
	'storePreview',
	'Whether to keep a preview of each asset',
	true,
);

export const includeDeletedOption: INodeProperties = booleanField(
	'Include Deleted',
	'includeDeleted',
	'Whether to return the dataset even if it was deleted',
);

/** What Get and Get Config send: the dataset and Include Deleted. */
export async function readDatasetCall(item: Item) {
	return {
		params: { dataset_id: await item.datasetId() },
		qs: { include_deleted: item.param('includeDeleted', false) },
		itemIndex: item.index,
	};
}
