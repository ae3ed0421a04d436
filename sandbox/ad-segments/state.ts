import type { VideoAdSegmentMetadataRequest, VideoAdSegmentResponse } from '../../nodes/shared/schemas.generated';

export interface AdSegmentRecord {
	id: string;
	videoId: string;
	startTimeMs: number;
	endTimeMs: number;
	startFrame: number;
	endFrame: number;
	metadata: VideoAdSegmentMetadataRequest | null;
	createdAt: number;
	/** Soft deletion: set when the video's ad-segment composite is deleted or replaced. */
	deletedAt: number | null;
}

/** The ad-segments part of the sandbox state (SandboxStore.adSegments). */
export class AdSegmentState {
	/** Every segment ever created, soft-deleted ones included, in creation order. */
	readonly segments: AdSegmentRecord[] = [];
	/** Datasets in which the caller may not delete assets: DELETE of their ad segments answers 403. */
	readonly assetDeletionDenied = new Set<string>();
	/** What a successful DELETE answers: 204 as the service describes it, or 200 as its OpenAPI listing declares. */
	deleteSuccessStatus: 200 | 204 = 204;

	reset(): void {
		this.segments.length = 0;
		this.assetDeletionDenied.clear();
		this.deleteSuccessStatus = 204;
	}

	/** Tests: make DELETE answer 403 in this dataset (or allow it again). */
	denyAssetDeletion(datasetId: string, denied = true): void {
		if (denied) this.assetDeletionDenied.add(datasetId);
		else this.assetDeletionDenied.delete(datasetId);
	}

	activeOf(videoId: string): AdSegmentRecord[] {
		return this.segments.filter((segment) => segment.videoId === videoId && segment.deletedAt === null);
	}

	/** Soft-deletes the current segments of a video; returns how many there were. */
	softDelete(videoId: string, at: number): number {
		const active = this.activeOf(videoId);
		for (const segment of active) segment.deletedAt = at;
		return active.length;
	}
}

export function toAdSegmentResponse(segment: AdSegmentRecord): VideoAdSegmentResponse {
	return {
		id: segment.id,
		segment_start_time_ms: segment.startTimeMs,
		segment_end_time_ms: segment.endTimeMs,
		segment_start_frame_number: segment.startFrame,
		segment_end_frame_number: segment.endFrame,
		metadata: segment.metadata,
	};
}
