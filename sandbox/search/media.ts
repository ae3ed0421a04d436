import { createHash } from 'node:crypto';
import { assetsOf, stableUuid, type AssetRecord } from '../assets/model';

/**
 * What the service derives from an ingested video: keyframes, shots and transcript segments. The sandbox derives
 * them from the video record alone, so they are the same on every run and after every reset.
 */
export const KEYFRAME_INTERVAL_MS = 10_000;
export const SHOT_LENGTH_MS = 10_000;
/** The spec chunks videos into 30-second segments for semantic search; transcripts follow the same grid. */
export const AUDIO_SEGMENT_MS = 30_000;

export interface ShotInfo {
	id: string;
	index: number;
	startMs: number;
	endMs: number;
}

export interface KeyframeInfo {
	/** The keyframe's platform image id (labels and searches name keyframes by it). */
	id: string;
	video: AssetRecord;
	index: number;
	timestampMs: number;
	shot: ShotInfo;
}

export interface AudioSegmentInfo {
	index: number;
	startMs: number;
	endMs: number;
	text: string;
}

export const durationMs = (video: AssetRecord) => Math.max(1, Math.round((video.durationSeconds ?? 30) * 1000));

export function shotsOf(video: AssetRecord, lengthMs = SHOT_LENGTH_MS): ShotInfo[] {
	const total = durationMs(video);
	const shots: ShotInfo[] = [];
	for (let index = 0; index * lengthMs < total; index++) {
		const startMs = index * lengthMs;
		shots.push({
			id: stableUuid(`${video.id}:composite:${lengthMs}:${index}`),
			index,
			startMs,
			endMs: Math.min(total, startMs + lengthMs),
		});
	}
	return shots;
}

export function keyframesOf(video: AssetRecord): KeyframeInfo[] {
	const shots = shotsOf(video);
	return shots.map((shot) => ({
		id: stableUuid(`${video.id}:keyframe:${shot.startMs}`),
		video,
		index: shot.index,
		timestampMs: shot.startMs,
		shot,
	}));
}

/** Lines spoken in the seeded videos, per topic; every video closes with the same sign-off. */
const SPOKEN: Record<string, string[]> = {
	beach: [
		'the waves are rolling onto the sand',
		'sunscreen and towels by the water',
		'surfers wait for the next big wave',
	],
	city: ['traffic moves slowly through downtown', 'the skyline lights up at night', 'crowds cross the busy avenue'],
	forest: ['tall pine trees surround the trail', 'birds sing in the quiet woods', 'sunlight breaks through the canopy'],
	mountain: ['the summit is covered in snow', 'hikers climb the rocky ridge', 'clouds drift below the peak'],
	kitchen: ['chop the onions and heat the pan', 'the sauce simmers on the stove', 'taste it and add some salt'],
	stadium: ['the crowd cheers as the team scores', 'fans fill every seat tonight', 'the final whistle ends the match'],
	concert: ['the band takes the stage', 'the audience sings along to the chorus', 'one more song before we go'],
	office: ['the meeting starts at nine', 'please review the quarterly report', 'my name is John and I lead the team'],
};
export const SIGN_OFF = 'thank you for your time';

export function topicOf(asset: AssetRecord): string {
	const topic = asset.metadata.topic;
	if (typeof topic === 'string' && topic) return topic.toLowerCase();
	return wordsOf(asset.path).find((word) => word in SPOKEN) ?? 'office';
}

export function audioSegmentsOf(video: AssetRecord): AudioSegmentInfo[] {
	const lines = SPOKEN[topicOf(video)] ?? SPOKEN.office;
	const total = durationMs(video);
	const count = Math.ceil(total / AUDIO_SEGMENT_MS);
	return Array.from({ length: count }, (_, index) => {
		const line = lines[index % lines.length];
		return {
			index,
			startMs: index * AUDIO_SEGMENT_MS,
			endMs: Math.min(total, (index + 1) * AUDIO_SEGMENT_MS),
			text: index === count - 1 ? `${line}, ${SIGN_OFF}` : line,
		};
	});
}

/** Completed (searchable) assets of a dataset. */
export function searchableAssets(assets: Map<string, AssetRecord>, datasetId: string): AssetRecord[] {
	return assetsOf(assets, datasetId).filter((asset) => asset.status === 'completed');
}

/** A platform image id names an image or a keyframe of a video; both are looked up among completed assets. */
export type VisualItem = { kind: 'image'; asset: AssetRecord } | { kind: 'keyframe'; keyframe: KeyframeInfo };

export function visualItemsOf(assets: Map<string, AssetRecord>, datasetId: string): VisualItem[] {
	const items: VisualItem[] = [];
	for (const asset of searchableAssets(assets, datasetId)) {
		if (asset.kind === 'image') items.push({ kind: 'image', asset });
		else for (const keyframe of keyframesOf(asset)) items.push({ kind: 'keyframe', keyframe });
	}
	return items;
}

export const visualItemId = (item: VisualItem) => (item.kind === 'image' ? item.asset.id : item.keyframe.id);
export const visualItemAsset = (item: VisualItem) => (item.kind === 'image' ? item.asset : item.keyframe.video);

export function findVisualItem(
	assets: Map<string, AssetRecord>,
	datasetId: string,
	reference: { id?: string | null; path?: string | null },
): VisualItem | undefined {
	return visualItemsOf(assets, datasetId).find((item) =>
		reference.id ? visualItemId(item) === reference.id : item.kind === 'image' && item.asset.path === reference.path,
	);
}

// ---- deterministic scoring ------------------------------------------------------------------------------------

const STOP_WORDS = new Set([
	'the',
	'and',
	'for',
	'with',
	'from',
	'into',
	'onto',
	'some',
	'http',
	'https',
	'www',
	'com',
	'jpg',
	'jpeg',
	'png',
	'mp4',
	'demo',
	'bucket',
	// The seed's public address (media.example.com): a host says nothing of what an image shows.
	'media',
	'example',
	'images',
	'videos',
]);

/** Lowercase words of 3+ letters or digits-with-letters, without filler words or file-name noise. */
export function wordsOf(text: string): string[] {
	return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter(
		(word) => word.length >= 3 && !/^\d+$/.test(word) && !STOP_WORDS.has(word),
	);
}

/** Words that describe an asset: its topic, its path and its text metadata. */
export function assetWords(asset: AssetRecord): Set<string> {
	const words = new Set<string>([topicOf(asset), ...wordsOf(asset.path)]);
	for (const value of Object.values(asset.metadata)) {
		if (typeof value === 'string') for (const word of wordsOf(value)) words.add(word);
	}
	return words;
}

/** A number in [0, 1) from the given strings, the same on every run. */
export function hash01(...parts: string[]): number {
	const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 8);
	return parseInt(hex, 16) / 0x1_0000_0000;
}

/** Four decimals, so a score survives JSON and can be sent back as a threshold exactly. */
export const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** Share of the query's words found among the target's words (0 when the query has none). */
export function overlap(query: string[], target: Set<string>): number {
	const unique = [...new Set(query)];
	if (unique.length === 0) return 0;
	return unique.filter((word) => target.has(word)).length / unique.length;
}

/**
 * Relevance in [0, 1]: 70 % how many query words the target shows, 30 % a stable hash of (query, target id). A
 * full topic match therefore always ranks above any non-match.
 */
export function relevance(query: string[], target: Set<string>, ...hashParts: string[]): number {
	return round4(0.7 * overlap(query, target) + 0.3 * hash01(query.join(' '), ...hashParts));
}
