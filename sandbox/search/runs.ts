import type { z } from 'zod';
import type { AssetRecord } from '../assets/model';
import type { schemas } from '../generated/schemas';
import { ranked } from './engine';
import {
	assetWords,
	audioSegmentsOf,
	hash01,
	keyframesOf,
	relevance,
	round4,
	searchableAssets,
	shotsOf,
	topicOf,
	wordsOf,
} from './media';

/**
 * Metadata-filtered searches run as jobs (the document: "Returns the Databricks run_id immediately; use the status
 * and result endpoints to poll"). A run's state is not stored: it is read off the sandbox clock from when it
 * started, with the durations in force then, as queries and ingestion jobs are.
 *
 *   PENDING ──pendingMs──▶ RUNNING ──runningMs──▶ TERMINATED (SUCCESS, or CLIENT_ERROR)
 *
 * Its results are ranked when it starts (the seeded assets do not change under it), so the answer is the same on
 * every read. Assumed: a filter on a metadata field no asset of the dataset has ends the run with CLIENT_ERROR
 * (the document: the key "must exist on the dataset's assets").
 */
export type SearchTarget = 'image' | 'keyframe' | 'shot' | 'transcript' | 'video' | 'sound';
export type RunState = z.output<(typeof schemas)['search-metadata-filter:DatabricksLifeCycleState']>;
type TerminationType = z.output<(typeof schemas)['search-metadata-filter:DatabricksTerminationType']>;
export type MetadataFilter = z.output<(typeof schemas)['search-metadata-filter:MetadataFilter']>;

export interface RunTimings {
	pendingMs: number;
	runningMs: number;
}

export const DEFAULT_RUN_TIMINGS: RunTimings = { pendingMs: 500, runningMs: 1500 };

export interface MetadataRun {
	id: number;
	datasetId: string;
	target: SearchTarget;
	startedAt: number;
	timings: RunTimings;
	results: object[];
	/** Why the run ends with CLIENT_ERROR; null when it succeeds. */
	failure: string | null;
}

/** Run ids are integers (the document's `run_id`); the first of a reset sandbox. */
const FIRST_RUN_ID = 804_211_000;

/** The search area's state on `SandboxStore.search`: metadata-filter runs and the hybrid-search access switch. */
export class SearchArea {
	readonly runs = new Map<number, MetadataRun>();
	timings: RunTimings = { ...DEFAULT_RUN_TIMINGS };
	/**
	 * Whether the organization has hybrid search (beta, "requires special access" in the document). Off: the
	 * endpoint answers 403, as a gateway refusing a feature the organization lacks would (assumed; the document
	 * lists only 200 and 422).
	 */
	hybridAccess = true;
	private nextId = FIRST_RUN_ID;

	reset(): void {
		this.runs.clear();
		this.timings = { ...DEFAULT_RUN_TIMINGS };
		this.hybridAccess = true;
		this.nextId = FIRST_RUN_ID;
	}

	start(run: Omit<MetadataRun, 'id' | 'timings'>): MetadataRun {
		const record = { ...run, id: this.nextId++, timings: { ...this.timings } };
		this.runs.set(record.id, record);
		return record;
	}
}

export function runStateAt(
	run: MetadataRun,
	now: number,
): { state: RunState; termination: TerminationType | null; message: string | null } {
	const elapsed = now - run.startedAt;
	if (elapsed < run.timings.pendingMs) return { state: 'PENDING', termination: null, message: null };
	if (elapsed < run.timings.pendingMs + run.timings.runningMs)
		return { state: 'RUNNING', termination: null, message: null };
	return run.failure
		? { state: 'TERMINATED', termination: 'CLIENT_ERROR', message: run.failure }
		: { state: 'TERMINATED', termination: 'SUCCESS', message: null };
}

// ---- filters ----------------------------------------------------------------------------------------------------

/** One filter of the v0 metadata-filter searches: `=` by default; numbers compare as numbers, `contains` ignores case. */
function holds(asset: AssetRecord, filter: MetadataFilter): boolean {
	const value = asset.metadata[filter.key];
	if (value === undefined || value === null) return filter.op === '!=';
	const text = String(value);
	switch (filter.op ?? '=') {
		case '!=':
			return text !== filter.value;
		case 'contains':
			return text.toLowerCase().includes(filter.value.toLowerCase());
		case '>':
			return Number(value) > Number(filter.value);
		case '<':
			return Number(value) < Number(filter.value);
		case '>=':
			return Number(value) >= Number(filter.value);
		case '<=':
			return Number(value) <= Number(filter.value);
		default:
			return text === filter.value;
	}
}

/** The assets of the search's kind that pass every filter, or why the run fails. */
export function filtered(
	assets: Map<string, AssetRecord>,
	datasetId: string,
	kind: 'image' | 'video',
	filters: MetadataFilter[],
): { assets: AssetRecord[]; failure: string | null } {
	const all = searchableAssets(assets, datasetId);
	const unknown = filters.find((filter) => !all.some((asset) => filter.key in asset.metadata));
	if (unknown) return { assets: [], failure: `Metadata field '${unknown.key}' does not exist on the dataset's assets` };
	return {
		assets: all.filter((asset) => asset.kind === kind && filters.every((filter) => holds(asset, filter))),
		failure: null,
	};
}

// ---- results, per target ------------------------------------------------------------------------------------------

const plainVideo = (video: AssetRecord) => ({
	coactive_video_id: video.id,
	path: video.path,
	metadata: { ...video.metadata },
});

export function imageResults(images: AssetRecord[], textQuery: string) {
	const query = wordsOf(textQuery);
	return ranked(
		images.map((asset) => ({ item: asset, id: asset.id, score: relevance(query, assetWords(asset), asset.id) })),
	).map(({ item, score }) => ({
		coactive_image_id: item.id,
		path: item.path,
		metadata: { ...item.metadata },
		relevance_score: score,
		moderation_score: null,
	}));
}

export function keyframeResults(videos: AssetRecord[], textQuery: string) {
	const query = wordsOf(textQuery);
	const entries = videos.flatMap((video) =>
		keyframesOf(video).map((keyframe) => ({
			item: keyframe,
			id: keyframe.id,
			score: relevance(query, assetWords(video), keyframe.id),
		})),
	);
	return ranked(entries).map(({ item, score }) => ({
		keyframe_id: item.id,
		video_id: item.video.id,
		video_metadata: { ...item.video.metadata },
		frame_time_ms: item.timestampMs,
		composite_slice_id: item.shot.id,
		slice_start_time_ms: item.shot.startMs,
		slice_end_time_ms: item.shot.endMs,
		cosine_sim: score,
		moderation_score: null,
	}));
}

export function shotResults(videos: AssetRecord[], textQuery: string) {
	const query = wordsOf(textQuery);
	const entries = videos.flatMap((video) =>
		shotsOf(video).map((shot) => ({
			item: { video, shot },
			id: shot.id,
			score: relevance(query, assetWords(video), shot.id),
		})),
	);
	return ranked(entries).map(({ item, score }) => ({
		composite_slice_id: item.shot.id,
		video_id: item.video.id,
		video_metadata: { ...item.video.metadata },
		slice_start_time_ms: item.shot.startMs,
		slice_end_time_ms: item.shot.endMs,
		max_cosine_sim: score,
		keyframe_count: 1,
		moderation_score: null,
	}));
}

const keyframeIdAt = (video: AssetRecord, ms: number) =>
	(
		keyframesOf(video).find((keyframe) => ms >= keyframe.shot.startMs && ms < keyframe.shot.endMs) ??
		keyframesOf(video)[0]
	).id;

export function transcriptResults(videos: AssetRecord[], textQuery: string, mode: 'semantic' | 'exact') {
	const query = wordsOf(textQuery);
	const needle = textQuery.toLowerCase().replace(/\s+/g, ' ').trim();
	const entries = videos.flatMap((video) =>
		audioSegmentsOf(video).flatMap((segment) => {
			const text = segment.text.toLowerCase();
			if (mode === 'exact' && (!needle || !text.includes(needle))) return [];
			const score = relevance(query, new Set(wordsOf(segment.text)), video.id, String(segment.index));
			return [{ item: { video, segment }, id: `${video.id}:${String(segment.index).padStart(4, '0')}`, score }];
		}),
	);
	return ranked(entries).map(({ item, score }) => ({
		coactive_image_id: keyframeIdAt(item.video, item.segment.startMs),
		video: plainVideo(item.video),
		audio_segment: {
			start_time_ms: item.segment.startMs,
			end_time_ms: item.segment.endMs,
			speech_to_text_transcription: item.segment.text,
		},
		timestamp: item.segment.startMs,
		score,
		coverage_score: needle ? round4(Math.min(1, needle.length / Math.max(1, item.segment.text.length))) : null,
		moderation_score: null,
	}));
}

export function videoResults(videos: AssetRecord[], textQuery: string) {
	const query = wordsOf(textQuery);
	return ranked(
		videos.map((video) => ({ item: video, id: video.id, score: relevance(query, assetWords(video), video.id) })),
	).map(({ item, score }) => {
		const keyframe = keyframesOf(item)[0];
		return {
			dataset_id: item.datasetId,
			video_id: item.id,
			source_path: item.path,
			video_score: score,
			metadata: { ...item.metadata },
			top_composite_slice: {
				id: keyframe.shot.id,
				composite_id: keyframe.shot.id,
				composite_type: 'shot',
				index: keyframe.shot.index,
				start_time_ms: keyframe.shot.startMs,
				end_time_ms: keyframe.shot.endMs,
				start_frame_num: 0,
				end_frame_num: Math.round((keyframe.shot.endMs / 1000) * (item.frameRate ?? 25)),
			},
			top_keyframe: { id: keyframe.id, frame_time_ms: keyframe.timestampMs },
			moderation_score: null,
		};
	});
}

/** Sounds each seeded topic makes (AudioSet class names); every video has speech. */
const TOPIC_SOUNDS: Record<string, string[]> = {
	beach: ['Ocean', 'Waves, surf', 'Wind'],
	city: ['Traffic noise, roadway noise', 'Vehicle horn, car horn, honking', 'Car'],
	forest: ['Bird', 'Bird vocalization, bird call, bird song', 'Rustling leaves'],
	mountain: ['Wind', 'Walk, footsteps'],
	kitchen: ['Frying (food)', 'Chopping (food)', 'Dishes, pots, and pans'],
	stadium: ['Cheering', 'Crowd', 'Applause'],
	concert: ['Music', 'Singing', 'Applause'],
	office: ['Typing', 'Conversation'],
};

/**
 * Audio segments of the videos scored for one sound class: a sound the video's topic makes scores 0.6 to 1, speech
 * 0.4 to 0.8, any other 0 to 0.3 (a stable hash); segments under 0.1 are not listed.
 */
export function soundSegments(videos: AssetRecord[], audioClass: string) {
	const entries = videos.flatMap((video) =>
		audioSegmentsOf(video).map((segment) => {
			const noise = hash01(audioClass, video.id, String(segment.index));
			const base = (TOPIC_SOUNDS[topicOf(video)] ?? []).includes(audioClass)
				? 0.6 + 0.4 * noise
				: audioClass === 'Speech'
					? 0.4 + 0.4 * noise
					: 0.3 * noise;
			return {
				item: { video, segment },
				id: `${video.id}:${String(segment.index).padStart(4, '0')}`,
				score: round4(base),
			};
		}),
	);
	return ranked(entries.filter((entry) => entry.score >= 0.1));
}

export const soundResult = (
	{ video, segment }: { video: AssetRecord; segment: { index: number; startMs: number; endMs: number } },
	score: number,
) => ({
	coactive_image_id: keyframeIdAt(video, segment.startMs),
	video: plainVideo(video),
	start_time_ms: segment.startMs,
	end_time_ms: segment.endMs,
	score,
	timestamp: segment.startMs,
	moderation_score: null,
});
