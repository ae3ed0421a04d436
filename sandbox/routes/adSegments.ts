import type { VideoAdSegmentsCreateResponse, VideoAdSegmentsGetResponse } from '../../nodes/shared/schemas.generated';
import { stableUuid, type AssetRecord } from '../assets/model';
import { type AdSegmentRecord, toAdSegmentResponse } from '../ad-segments/state';
import { createAdSegments, deleteAdSegments } from '../ad-segments/contract';
import { operation } from '../contract';
import { HttpError, jsonReply } from '../http';
import type { SandboxStore } from '../store';
import { validationError } from '../validation';
import { liveDataset, type RouteDefinition } from './route';

/** The one video of the dataset with this customer identifier: 404 when none, 422 when several. */
function findVideo(store: SandboxStore, datasetId: string, identifier: string): AssetRecord {
	const matches = [...store.assets.values()].filter(
		(asset) => asset.datasetId === datasetId && asset.kind === 'video' && asset.externalId === identifier,
	);
	if (matches.length === 0) {
		throw new HttpError(404, `No video with asset_identifier_value '${identifier}' found in dataset ${datasetId}`);
	}
	if (matches.length > 1) {
		throw validationError([
			{
				loc: ['path', 'asset_identifier_value'],
				msg: `Value error, ${matches.length} videos match asset_identifier_value '${identifier}'; it must identify exactly one video`,
				type: 'value_error',
			},
		]);
	}
	return matches[0];
}

export const adSegmentRoutes: RouteDefinition[] = [
	operation('create-ad-segments', createAdSegments, (context, { path, body }) => {
		const { store } = context;
		liveDataset(store, path.dataset_id);
		const video = findVideo(store, path.dataset_id, path.asset_identifier_value);
		const now = context.clock.now();
		// Assumed: a create replaces the video's current segments (the earlier ones are soft-deleted).
		store.adSegments.softDelete(video.id, now);
		const created = body.ad_segments.map((segment, position): AdSegmentRecord => {
			const record: AdSegmentRecord = {
				id: stableUuid(`${video.id}:ad-segment:${store.adSegments.segments.length + position}`),
				videoId: video.id,
				startTimeMs: segment.segment_start_time_ms,
				endTimeMs: segment.segment_end_time_ms,
				startFrame: segment.segment_start_frame_number,
				endFrame: segment.segment_end_frame_number,
				metadata: segment.metadata ?? null,
				createdAt: now,
				deletedAt: null,
			};
			return record;
		});
		store.adSegments.segments.push(...created);
		const response: VideoAdSegmentsCreateResponse = {
			asset_identifier_value: path.asset_identifier_value,
			ad_segments_created: created.length,
			segments: created.map((segment, position) => ({
				segment_number: segment.metadata?.segment_number ?? position + 1,
				id: segment.id,
			})),
			message: `Created ${created.length} ad segment${created.length === 1 ? '' : 's'}`,
		};
		return jsonReply(202, response);
	}),
	operation('get-ad-segments', (context, { path }) => {
		liveDataset(context.store, path.dataset_id);
		const video = findVideo(context.store, path.dataset_id, path.asset_identifier_value);
		const segments = context.store.adSegments.activeOf(video.id).sort((a, b) => a.startTimeMs - b.startTimeMs);
		const response: VideoAdSegmentsGetResponse = { ad_segments: segments.map(toAdSegmentResponse) };
		return jsonReply(200, response);
	}),
	operation('delete-ad-segments', deleteAdSegments, (context, { path }) => {
		const { store } = context;
		liveDataset(store, path.dataset_id);
		if (store.adSegments.assetDeletionDenied.has(path.dataset_id)) {
			throw new HttpError(403, 'Not authorized to delete assets in this dataset');
		}
		const video = findVideo(store, path.dataset_id, path.asset_identifier_value);
		// Succeeds also when the video has no ad segments.
		store.adSegments.softDelete(video.id, context.clock.now());
		return { status: store.adSegments.deleteSuccessStatus };
	}),
];
