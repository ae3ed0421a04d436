import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { DatasetCreateRequest } from '../../../shared/schemas.generated';
import { splitList } from '../../../shared/validation';
import {
	configAfterCreateFailed,
	configFields,
	descriptionField,
	mergedConfig,
	metadataFieldsToEmbed,
	metadataFieldsToIndex,
	readConfigChanges,
} from './config';
import {
	assertDatasetName,
	assertEncoder,
	assetTypeOptions,
	encoderOptions,
	samplingOptions,
	storeOriginalField,
	storePreviewField,
} from './fields';
import { choice, collection, numberField, textField } from '../../../shared/descriptions';

/** The service's bounds of keyframe_uniform_fps_sampling_rate. */
const FPS = { min: 0.00001, max: 5 };

export const option = { name: 'Create', description: 'Create a dataset', action: 'Create a dataset' };

export const description: INodeProperties[] = [
	textField('Name', 'name', 'e.g. product_photos', 'Letters, digits and underscores only', { required: true }),
	choice(
		'Encoder',
		'encoderName',
		encoderOptions,
		'multimodal-tx-large3',
		'The model that embeds the assets of this dataset. Concepts work only with the multimodal-tx-large2, -large3 and -large4 encoders.',
	),
	collection('Additional Fields', 'additionalFields', 'Add Field', [
		choice('Allowed Asset Types', 'allowedAssetTypes', assetTypeOptions, ['image', 'video']),
		...configFields,
		descriptionField,
		choice('Keyframe Sampling Method', 'keyframeSamplingMethod', samplingOptions, 'intelligent'),
		numberField(
			'Keyframe Uniform FPS Sampling Rate',
			'keyframeUniformFpsSamplingRate',
			1,
			'Frames per second sampled when the sampling method is uniform, from 0.00001 to 5',
			{ minValue: FPS.min, maxValue: FPS.max, numberPrecision: 5 },
		),
		metadataFieldsToEmbed,
		metadataFieldsToIndex,
		storeOriginalField,
		storePreviewField,
	]),
];

export const toolDescription =
	'Creates a dataset (a collection of images and videos) in the media library. Needs a name of letters, digits and underscores, and an encoder (multimodal-tx-large3 unless said). Returns the new dataset with its id (a UUID) and status.';

/**
 * The configuration needs the ids of the embeddings the service makes for the chosen encoder, which exist only once
 * the dataset does: so a create with configuration settings is the create, then an update of its configuration.
 */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const name = assertDatasetName(item, item.param('name'));
	const body: DatasetCreateRequest = { name, encoder_name: assertEncoder(item, item.param('encoderName')) };
	const fields = item.options('additionalFields');
	if (typeof fields.description === 'string' && fields.description.trim() !== '')
		body.description = fields.description.trim();
	if (fields.allowedAssetTypes !== undefined) {
		body.allowed_asset_types = fields.allowedAssetTypes as DatasetCreateRequest['allowed_asset_types'];
	}
	if (fields.keyframeSamplingMethod !== undefined) {
		body.keyframe_sampling_method = fields.keyframeSamplingMethod as DatasetCreateRequest['keyframe_sampling_method'];
	}
	if (fields.keyframeUniformFpsSamplingRate !== undefined) {
		body.keyframe_uniform_fps_sampling_rate = item.range(
			fields.keyframeUniformFpsSamplingRate,
			'Keyframe Uniform FPS Sampling Rate',
			{ ...FPS, integer: false },
		);
	}
	if (fields.storeOriginal !== undefined) body.store_original = fields.storeOriginal as boolean;
	if (fields.storePreview !== undefined) body.store_preview = fields.storePreview as boolean;
	if (fields.metadataFieldsToIndex !== undefined)
		body.metadata_fields_to_index = splitList(fields.metadataFieldsToIndex);
	if (fields.metadataFieldsToEmbed !== undefined)
		body.metadata_fields_to_embed = splitList(fields.metadataFieldsToEmbed);
	// Read (and so checked) before the dataset exists.
	const changes = readConfigChanges(item, fields, false);

	const created = await run.call('datasets.create', {
		body,
		itemIndex,
		explain: (failure, details) =>
			failure.status === 409
				? {
						message: details[0] ?? `A dataset named "${name}" already exists`,
						description:
							'Dataset names are unique. Choose another name, or use the existing dataset (Get, or a dataset field By Name).',
					}
				: undefined,
	});
	if (!changes) return created;
	try {
		return await run.call('datasets.update', {
			params: { dataset_id: created.id },
			body: { dataset_config: mergedConfig(item, created, changes) },
			itemIndex,
		});
	} catch (error) {
		throw configAfterCreateFailed(item, created, error);
	}
}
