import type { AssetRecord } from '../assets/model';
import { DEMO_USER_ID } from '../seed';
import {
	assetWords,
	audioSegmentsOf,
	keyframesOf,
	overlap,
	relevance,
	round4,
	searchableAssets,
	shotsOf,
	visualItemAsset,
	visualItemId,
	visualItemsOf,
	wordsOf,
	AUDIO_SEGMENT_MS,
	SHOT_LENGTH_MS,
	type AudioSegmentInfo,
	type KeyframeInfo,
	type VisualItem,
} from './media';
import type { MetadataClause } from './contract';

/**
 * The search engine of the sandbox: deterministic scores (topic/path words plus a stable hash, see media.ts),
 * metadata filters on the asset's metadata (a keyframe uses its video's), and the snake_case shapes of the
 * search service.
 */

const iso = (millis: number) => new Date(millis).toISOString();

const audit = (asset: AssetRecord) => ({
	created_user_id: DEMO_USER_ID,
	created_dt: iso(asset.createdAt),
	updated_user_id: DEMO_USER_ID,
	updated_dt: iso(asset.updatedAt),
});

/** `search:Image` */
export const toSearchImage = (asset: AssetRecord) => ({
	...audit(asset),
	coactive_image_id: asset.id,
	path: asset.path,
	metadata: { ...asset.metadata },
	moderation_score: null,
});

/** `search:Video` */
export const toSearchVideo = (video: AssetRecord) => ({
	...audit(video),
	path: video.path,
	coactive_video_id: video.id,
	metadata: { ...video.metadata },
});

/** `search:AudioSegment` */
export const toAudioSegment = (segment: AudioSegmentInfo) => ({
	start_time_ms: segment.startMs,
	end_time_ms: segment.endMs,
	speech_to_text_transcription: segment.text,
});

const segmentAt = (video: AssetRecord, ms: number) =>
	audioSegmentsOf(video).find((segment) => ms >= segment.startMs && ms < segment.endMs) ?? null;

/** `search:…schema__Keyframe` (text-to-image and image-to-image results that come from videos). */
export const toSearchKeyframe = (keyframe: KeyframeInfo) => {
	const segment = segmentAt(keyframe.video, keyframe.timestampMs);
	return {
		coactive_image_id: keyframe.id,
		video: toSearchVideo(keyframe.video),
		shot: { shot_id: keyframe.shot.id, start_time_ms: keyframe.shot.startMs, end_time_ms: keyframe.shot.endMs },
		audio_segment: segment ? toAudioSegment(segment) : null,
		timestamp: keyframe.timestampMs,
		moderation_score: null,
		keyframe_is_v1: false,
	};
};

/** `search:NileKeyframe` */
export const toNileKeyframe = (keyframe: KeyframeInfo, score: number) => ({
	keyframe_id: keyframe.id,
	score,
	asset_type: 'keyframe',
	dataset_id: keyframe.video.datasetId,
	video_id: keyframe.video.id,
	composite_slice_id: keyframe.shot.id,
	moderation_score: null,
});

// ---- metadata filters -------------------------------------------------------------------------------------------

function epochSeconds(value: unknown): number | undefined {
	if (typeof value === 'number') return value;
	if (typeof value === 'string') {
		const millis = Date.parse(value);
		return Number.isNaN(millis) ? undefined : millis / 1000;
	}
	return undefined;
}

/** Every clause must hold. Equality compares the metadata value as text; booleans compare as booleans. */
export function matchesFilters(asset: AssetRecord, clauses: MetadataClause[]): boolean {
	return clauses.every((clause) => {
		const value = asset.metadata[clause.key];
		if (clause.operator === 'DateTimeRangeInclusive') {
			const at = epochSeconds(value);
			if (at === undefined) return false;
			return (
				(clause.start_utc_epoch == null || at >= clause.start_utc_epoch) &&
				(clause.end_utc_epoch == null || at <= clause.end_utc_epoch)
			);
		}
		const equal =
			typeof clause.value === 'boolean'
				? value === clause.value
				: value !== undefined && value !== null && String(value) === clause.value;
		return clause.operator === '==' ? equal : !equal;
	});
}

// ---- ranking ----------------------------------------------------------------------------------------------------

export interface Ranked<T> {
	item: T;
	score: number;
	id: string;
}

/** Best first; ties by id, so the order never changes between calls. */
export function ranked<T>(entries: Array<Ranked<T>>): Array<Ranked<T>> {
	return entries.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

/**
 * The words a query stands for. Text: its words. A reference image: the words of the asset it names (or of its URL),
 * so "find similar" ranks assets of the same topic first.
 */
export function scoreVisual(query: string[], item: VisualItem, seed: string, negative: string[] = []): number {
	const words = assetWords(visualItemAsset(item));
	const score = relevance(query, words, seed, visualItemId(item));
	// Negative text steers away: each of its words the asset shows costs up to half a point.
	return negative.length ? round4(Math.max(0, score - 0.5 * overlap(negative, words))) : score;
}

export function visualCandidates(
	assets: Map<string, AssetRecord>,
	datasetId: string,
	assetType: 'image' | 'video' | null | undefined,
	clauses: MetadataClause[],
): VisualItem[] {
	return visualItemsOf(assets, datasetId).filter(
		(item) =>
			(!assetType || (assetType === 'image' ? item.kind === 'image' : item.kind === 'keyframe')) &&
			matchesFilters(visualItemAsset(item), clauses),
	);
}

export const toVisualResult = (item: VisualItem) =>
	item.kind === 'image' ? toSearchImage(item.asset) : toSearchKeyframe(item.keyframe);

export function videosOf(
	assets: Map<string, AssetRecord>,
	datasetId: string,
	clauses: MetadataClause[],
): AssetRecord[] {
	return searchableAssets(assets, datasetId).filter(
		(asset) => asset.kind === 'video' && matchesFilters(asset, clauses),
	);
}

// ---- transcripts -------------------------------------------------------------------------------------------------

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

const keyframeAt = (video: AssetRecord, ms: number) =>
	keyframesOf(video).find((keyframe) => ms >= keyframe.shot.startMs && ms < keyframe.shot.endMs) ??
	keyframesOf(video)[0];

/** `search:VideoTranscriptMatch` for every segment whose transcript contains the query (case-insensitive). */
export function transcriptMatches(videos: AssetRecord[], query: string) {
	const needle = normalise(query);
	const matches = [];
	for (const video of videos) {
		for (const segment of audioSegmentsOf(video)) {
			const text = normalise(segment.text);
			if (!needle || !text.includes(needle)) continue;
			matches.push({
				coactive_image_id: keyframeAt(video, segment.startMs).id,
				video: toSearchVideo(video),
				audio_segment: toAudioSegment(segment),
				coverage_score: round4(needle.length / text.length),
				timestamp: segment.startMs,
				moderation_score: null,
			});
		}
	}
	return matches;
}

/** Spoken-content search: every transcript segment scored against the query. */
export function spokenSegments(videos: AssetRecord[], query: string[]) {
	return ranked(
		videos.flatMap((video) =>
			audioSegmentsOf(video).map((segment) => ({
				item: { video, segment },
				score: relevance(query, new Set(wordsOf(segment.text)), video.id, String(segment.index)),
				id: `${video.id}:${String(segment.index).padStart(4, '0')}`,
			})),
		),
	);
}

export const toSpokenResult = ({ video, segment }: { video: AssetRecord; segment: AudioSegmentInfo }) => ({
	coactive_image_id: keyframeAt(video, segment.startMs).id,
	video: toSearchVideo(video),
	audio_segment: toAudioSegment(segment),
	timestamp: segment.startMs,
	moderation_score: null,
});

// ---- videos ------------------------------------------------------------------------------------------------------

const frame = (video: AssetRecord, ms: number) => Math.round((ms / 1000) * (video.frameRate ?? 25));

/** Composite slices of a video: shots are 10 s, scenes and segments 30 s. */
export function slicesOf(video: AssetRecord, compositeType: string) {
	const length = compositeType === 'shot' ? SHOT_LENGTH_MS : AUDIO_SEGMENT_MS;
	return shotsOf(video, length).map((slice) => ({
		id: slice.id,
		index: slice.index,
		start_frame_num: frame(video, slice.startMs),
		end_frame_num: frame(video, slice.endMs),
		start_time_ms: slice.startMs,
		end_time_ms: slice.endMs,
		composite_id: null,
		composite_type: compositeType,
	}));
}

/** `search-video:VideoSearchResult`: one per video, with its best shot and keyframe for the chosen modality. */
export function videoResult(video: AssetRecord, textQuery: string, modality: string, ignoreKeyframes: boolean) {
	const query = wordsOf(textQuery);
	const words = assetWords(video);
	const keyframes = ranked(
		keyframesOf(video).map((keyframe) => ({
			item: keyframe,
			id: keyframe.id,
			score:
				modality === 'audio_speech_to_text'
					? relevance(query, new Set(wordsOf(segmentAt(video, keyframe.timestampMs)?.text ?? '')), keyframe.id)
					: relevance(query, words, keyframe.id),
		})),
	);
	const best = keyframes[0];
	const score = modality === 'video' ? relevance(query, words, video.id) : (best?.score ?? 0);
	const slice = best ? slicesOf(video, 'shot')[best.item.index] : null;
	return {
		score,
		result: {
			dataset_id: video.datasetId,
			text_query: textQuery,
			video_id: video.id,
			source_path: video.path,
			video_score: score,
			metadata: { data: { ...video.metadata } },
			top_composite_slice: slice,
			top_keyframe: ignoreKeyframes || !best ? null : { id: best.item.id, frame_time_ms: best.item.timestampMs },
			moderation_score: null,
		},
	};
}

/** Slices of one video ranked against the query (the drill-down of `GET /api/v1/search/video`). */
export function drillDown(video: AssetRecord, textQuery: string, compositeType: string, limit: number) {
	const query = wordsOf(textQuery);
	const words = assetWords(video);
	return ranked(
		slicesOf(video, compositeType).map((slice) => {
			const spoken = wordsOf(segmentAt(video, slice.start_time_ms)?.text ?? '');
			return {
				item: slice,
				id: String(slice.index).padStart(6, '0'),
				score: relevance(query, new Set([...words, ...spoken]), slice.id),
			};
		}),
	)
		.slice(0, limit)
		.map(({ item, score }) => ({ ...item, composite_slice_score: score }));
}
