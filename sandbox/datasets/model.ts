import type { z } from 'zod';
import { ENCODER_CATALOG, type VisualEncoderName } from '../encoders';
import type { schemas } from '../generated/schemas';

/** NOTES.md, "Identifiers and limits": dataset names are `^[a-zA-Z0-9_]+$`. */
export const DATASET_NAME_PATTERN = /^[a-zA-Z0-9_]+$/;

export type DatasetStatus = z.output<(typeof schemas)['datasets:DatasetStatusEnum']>;
export type AssetType = z.output<(typeof schemas)['datasets:AssetTypeEnum']>;
export type KeyframeSamplingMethod = z.output<(typeof schemas)['datasets:KeyframeSamplingMethodEnum']>;
export type DatasetConfigInput = z.output<(typeof schemas)['datasets:DatasetConfig']>;

/** The client-settable part of `datasets:DatasetConfig`; `embedding_id` and `encoder_name` belong to the server. */
export type DatasetConfigSettings = Partial<Omit<DatasetConfigInput, 'embedding_id' | 'encoder_name'>>;

export interface DatasetRecord {
	id: string;
	name: string;
	description: string | null;
	status: DatasetStatus;
	encoderName: VisualEncoderName;
	embeddingId: string;
	allowedAssetTypes: AssetType[];
	keyframeSamplingMethod: KeyframeSamplingMethod;
	keyframeUniformFpsSamplingRate: number | null;
	storeOriginal: boolean;
	storePreview: boolean;
	metadataFieldsToIndex: string[] | null;
	metadataFieldsToEmbed: string[] | null;
	newVideoDataModel: boolean;
	config: DatasetConfigSettings;
	createdAt: number;
	createdBy: string;
	updatedAt: number | null;
	updatedBy: string | null;
	deletedAt: number | null;
	deletedBy: string | null;
}

// The key under which the config maps name the visual embedding is not published; 'visual' is this sandbox's choice.
const EMBEDDING_KEY = 'visual';

const iso = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

export const isSoftDeleted = (dataset: DatasetRecord) => dataset.deletedAt !== null;
export const celebrityDetectionEnabled = (dataset: DatasetRecord) =>
	dataset.config.celebrity_detection_enabled ?? false;
export const contextStudioEnabled = (dataset: DatasetRecord) => dataset.config.context_studio_enabled ?? false;
export const lastUpdatedAt = (dataset: DatasetRecord) => dataset.updatedAt ?? dataset.createdAt;

function encoderOf(dataset: DatasetRecord) {
	const { id, name, modality, modalities } = ENCODER_CATALOG[dataset.encoderName];
	return { id, name, modality, modalities };
}

function datasetConfigOf(dataset: DatasetRecord) {
	return {
		...dataset.config,
		embedding_id: { [EMBEDDING_KEY]: dataset.embeddingId },
		encoder_name: { [EMBEDDING_KEY]: dataset.encoderName },
		metadata_fields_to_index: dataset.config.metadata_fields_to_index ?? dataset.metadataFieldsToIndex,
		metadata_fields_to_embed: dataset.config.metadata_fields_to_embed ?? dataset.metadataFieldsToEmbed,
		celebrity_detection_enabled: celebrityDetectionEnabled(dataset),
		context_studio_enabled: contextStudioEnabled(dataset),
	};
}

/** `datasets:DatasetResponse` */
export function toDatasetResponse(dataset: DatasetRecord) {
	return {
		created_dt: iso(dataset.createdAt),
		updated_dt: iso(dataset.updatedAt),
		created_by: dataset.createdBy,
		updated_by: dataset.updatedBy,
		deleted_dt: iso(dataset.deletedAt),
		deleted_by: dataset.deletedBy,
		id: dataset.id,
		name: dataset.name,
		embeddings: [{ ...encoderOf(dataset), id: dataset.embeddingId }],
		encoders: [encoderOf(dataset)],
		description: dataset.description,
		allowed_asset_types: [...dataset.allowedAssetTypes],
		status: dataset.status,
		keyframe_sampling_method: dataset.keyframeSamplingMethod,
		keyframe_uniform_fps_sampling_rate: dataset.keyframeUniformFpsSamplingRate,
		store_original: dataset.storeOriginal,
		store_preview: dataset.storePreview,
		metadata_fields_to_index: dataset.metadataFieldsToIndex,
		metadata_fields_to_embed: dataset.metadataFieldsToEmbed,
		dataset_config: datasetConfigOf(dataset),
	};
}

/** `datasets:DatasetConfigResponse` */
export function toDatasetConfigResponse(dataset: DatasetRecord) {
	const config = datasetConfigOf(dataset);
	return {
		dataset_id: dataset.id,
		embedding_id: config.embedding_id,
		encoder_name: config.encoder_name,
		hybrid_search: config.hybrid_search ?? null,
		metadata_fields_to_embed: config.metadata_fields_to_embed,
		metadata_fields_to_index: config.metadata_fields_to_index,
		new_video_data_model: dataset.newVideoDataModel,
		celebrity_detection_enabled: config.celebrity_detection_enabled,
		context_studio_enabled: config.context_studio_enabled,
		agentic_search_metadata_description: config.agentic_search_metadata_description ?? null,
		asset_identifier_key: config.asset_identifier_key ?? null,
	};
}

/** The order of every list: creation time, then id. */
export function compareDatasets(a: DatasetRecord, b: DatasetRecord): number {
	return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
