import type { MetadataItem, MetadataType } from '../../nodes/shared/schemas.generated';

/** One keyframe captioning the service accepted (it answers 202 and offers no status: tests read this). */
export interface CaptionRequest {
	datasetId: string;
	videoId: string;
	keyframes: number;
	at: number;
}

/**
 * The video narrative metadata part of the sandbox state (SandboxStore.videoInsights): the organisation's genre, mood,
 * subject and format vocabulary, in creation order, and the keyframe captionings accepted. Empty after a reset.
 */
export class VideoInsightsState {
	readonly vocabulary: MetadataItem[] = [];
	readonly captionRequests: CaptionRequest[] = [];
	/** Entries created since the reset: the next one's ID is derived from it, so IDs are the same on every run. */
	created = 0;

	reset(): void {
		this.created = 0;
		this.vocabulary.length = 0;
		this.captionRequests.length = 0;
	}

	ofType(type: MetadataType): MetadataItem[] {
		return this.vocabulary.filter((item) => item.metadata_type === type);
	}
}
