import { randomUUID } from 'node:crypto';
import { datasetListFilter } from '../datasets/filters';
import { operation } from '../contract';
import { createDataset, listDatasets, MAX_PAGE_SIZE, updateDataset } from '../datasets/contract';
import {
	compareDatasets,
	type DatasetConfigInput,
	type DatasetConfigSettings,
	type DatasetRecord,
	isSoftDeleted,
	toDatasetConfigResponse,
	toDatasetResponse,
} from '../datasets/model';
import { HttpError, jsonReply } from '../http';
import type { SandboxStore } from '../store';
import { validationError } from '../validation';
import { liveDataset, principalOf, type RouteDefinition } from './route';

export const datasetRoutes: RouteDefinition[] = [
	operation('create-dataset-api-v-1-datasets-post', createDataset, (context, { body }) => {
		assertNameAvailable(context.store, body.name);
		const dataset: DatasetRecord = {
			id: randomUUID(),
			name: body.name,
			description: body.description ?? null,
			status: 'active',
			encoderName: body.encoder_name,
			embeddingId: randomUUID(),
			allowedAssetTypes: unique(body.allowed_asset_types ?? ['image', 'video']),
			keyframeSamplingMethod: body.keyframe_sampling_method ?? 'intelligent',
			keyframeUniformFpsSamplingRate: body.keyframe_uniform_fps_sampling_rate ?? null,
			storeOriginal: body.store_original ?? true,
			storePreview: body.store_preview ?? true,
			metadataFieldsToIndex: body.metadata_fields_to_index ?? null,
			metadataFieldsToEmbed: body.metadata_fields_to_embed ?? null,
			// Assumed: datasets created today use the new video data model.
			newVideoDataModel: true,
			config: clientSettings(body.dataset_config),
			createdAt: context.clock.now(),
			createdBy: principalOf(context).userId,
			updatedAt: null,
			updatedBy: null,
			deletedAt: null,
			deletedBy: null,
		};
		context.store.datasets.set(dataset.id, dataset);
		return jsonReply(200, toDatasetResponse(dataset));
	}),
	operation('get-datasets-api-v-1-datasets-get', listDatasets, (context, { query }) => {
		const matching = [...context.store.datasets.values()].filter(datasetListFilter(query)).sort(compareDatasets);
		// Like a real server, a page never exceeds the maximum; meta reports the limit actually applied.
		const limit = Math.min(query.limit, MAX_PAGE_SIZE);
		const total = matching.length;
		return jsonReply(200, {
			meta: {
				page: {
					current_page: Math.floor(query.skip / limit) + 1,
					last_page: Math.max(1, Math.ceil(total / limit)),
					limit,
					offset: query.skip,
					total,
				},
			},
			data: matching.slice(query.skip, query.skip + limit).map(toDatasetResponse),
		});
	}),
	operation('get-dataset-by-id-api-v-1-datasets-dataset-id-get', (context, { path, query }) => {
		const dataset = liveDataset(context.store, path.dataset_id, { includeDeleted: query.include_deleted });
		return jsonReply(200, toDatasetResponse(dataset));
	}),
	operation('update-dataset-by-id-api-v-1-datasets-dataset-id-patch', updateDataset, (context, { path, body }) => {
		const dataset = liveDataset(context.store, path.dataset_id);
		if (body.name != null && body.name !== dataset.name) assertNameAvailable(context.store, body.name);
		// `null` clears a field only where the response allows null (description); elsewhere it changes nothing.
		if (body.name != null) dataset.name = body.name;
		if (body.description !== undefined) dataset.description = body.description;
		if (body.status !== undefined) dataset.status = body.status;
		if (body.store_original != null) dataset.storeOriginal = body.store_original;
		if (body.store_preview != null) dataset.storePreview = body.store_preview;
		if (body.dataset_config != null) {
			assertOwnMaps(dataset, body.dataset_config);
			dataset.config = clientSettings(body.dataset_config);
		}
		dataset.updatedAt = context.clock.now();
		dataset.updatedBy = principalOf(context).userId;
		return jsonReply(200, toDatasetResponse(dataset));
	}),
	operation('delete-dataset-by-id-api-v-1-datasets-dataset-id-delete', (context, { path }) => {
		const dataset = liveDataset(context.store, path.dataset_id);
		dataset.status = 'deleted';
		dataset.deletedAt = context.clock.now();
		dataset.deletedBy = principalOf(context).userId;
		return jsonReply(200, toDatasetResponse(dataset));
	}),
	operation('get-dataset-config-api-v-1-datasets-dataset-id-config-get', (context, { path, query }) => {
		const dataset = liveDataset(context.store, path.dataset_id, { includeDeleted: query.include_deleted });
		return jsonReply(200, toDatasetConfigResponse(dataset));
	}),
];

/**
 * Names are unique per organization. The status code for a clash is not published; 409 is this sandbox's choice.
 * Soft-deleted datasets do not hold on to their names.
 */
function assertNameAvailable(store: SandboxStore, name: string): void {
	for (const dataset of store.datasets.values()) {
		if (!isSoftDeleted(dataset) && dataset.name === name) {
			throw new HttpError(409, `A dataset named '${name}' already exists`);
		}
	}
}

/**
 * Assumed: an update's configuration must name the dataset's own embedding and encoder, as its config answers them
 * (a client cannot swap the embedding of a dataset through its configuration).
 */
function assertOwnMaps(dataset: DatasetRecord, config: DatasetConfigInput): void {
	const own = toDatasetConfigResponse(dataset);
	const same = (a: Record<string, string>, b: Record<string, string> | null) => JSON.stringify(a) === JSON.stringify(b);
	for (const key of ['embedding_id', 'encoder_name'] as const) {
		if (!same(config[key], own[key])) {
			throw validationError([
				{
					loc: ['body', 'dataset_config', key],
					msg: `Value error, ${key} must be the dataset's own (${JSON.stringify(own[key])})`,
					type: 'value_error',
				},
			]);
		}
	}
}

/** The embedding ids and encoder names of a dataset are the server's; a client's values for them are ignored. */
function clientSettings(config: DatasetConfigInput | null | undefined): DatasetConfigSettings {
	if (!config) return {};
	const settings: Partial<DatasetConfigInput> = { ...config };
	delete settings.embedding_id;
	delete settings.encoder_name;
	return settings;
}

function unique<T>(values: T[]): T[] {
	return [...new Set(values)];
}
