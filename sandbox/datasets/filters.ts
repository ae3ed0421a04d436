import {
	celebrityDetectionEnabled,
	contextStudioEnabled,
	type DatasetRecord,
	isSoftDeleted,
	lastUpdatedAt,
} from './model';
import type { Input } from '../contract';

type DatasetListQuery = Input<'get-datasets-api-v-1-datasets-get'>['query'];

type Predicate = (dataset: DatasetRecord) => boolean;

/**
 * Assumptions where the service does not say how a filter behaves:
 * - name_pattern is a case-insensitive substring match (no wildcards);
 * - allowed_asset_types keeps a dataset that allows at least one of the listed types;
 * - created_/last_updated_ before and after are strict comparisons, and "last updated" of a dataset that was never
 *   updated is its creation time;
 * - without include_deleted, soft-deleted datasets are hidden even when `status=deleted` is asked for.
 */
export function datasetListFilter(query: DatasetListQuery): Predicate {
	const { dataset_ids, status, allowed_asset_types, name_pattern } = query;
	const { created_before, created_after, last_updated_before, last_updated_after } = query;
	const predicates: Predicate[] = [];
	const equals = <T>(expected: T | undefined, actual: (dataset: DatasetRecord) => T) => {
		if (expected !== undefined) predicates.push((dataset) => actual(dataset) === expected);
	};

	if (!query.include_deleted) predicates.push((dataset) => !isSoftDeleted(dataset));
	if (dataset_ids) predicates.push((dataset) => dataset_ids.includes(dataset.id));
	if (status) predicates.push((dataset) => status.includes(dataset.status));
	if (allowed_asset_types) {
		predicates.push((dataset) => dataset.allowedAssetTypes.some((type) => allowed_asset_types.includes(type)));
	}
	equals(query.keyframe_sampling_method, (dataset) => dataset.keyframeSamplingMethod);
	equals(query.store_original, (dataset) => dataset.storeOriginal);
	equals(query.store_preview, (dataset) => dataset.storePreview);
	equals(query.new_video_data_model, (dataset) => dataset.newVideoDataModel);
	equals(query.celebrity_detection_enabled, celebrityDetectionEnabled);
	equals(query.context_studio_enabled, contextStudioEnabled);
	if (created_before !== undefined) predicates.push((dataset) => dataset.createdAt < created_before);
	if (created_after !== undefined) predicates.push((dataset) => dataset.createdAt > created_after);
	if (last_updated_before !== undefined) predicates.push((dataset) => lastUpdatedAt(dataset) < last_updated_before);
	if (last_updated_after !== undefined) predicates.push((dataset) => lastUpdatedAt(dataset) > last_updated_after);
	if (name_pattern !== undefined) {
		const needle = name_pattern.toLowerCase();
		predicates.push((dataset) => dataset.name.toLowerCase().includes(needle));
	}
	return (dataset) => predicates.every((predicate) => predicate(dataset));
}
