import type { AssetRecord } from '../assets/model';
import { slicesOf } from '../search/engine';
import { assetWords, audioSegmentsOf, keyframesOf, topicOf, wordsOf } from '../search/media';
import type { MetadataItem, MetadataType } from '../../nodes/shared/schemas.generated';

/**
 * What the service's language models would say about a video, derived from the video record alone (its topic, file
 * name, length, transcript and text metadata), the context the request gives and the organisation's vocabulary, so
 * tests can compute every answer exactly. Nothing here is random.
 */

/** The built-in labels of each seeded topic, by kind (a topic the sandbox does not know reads as "office"). */
const TOPIC_LABELS: Record<string, Record<MetadataType, string[]> & { setting: string }> = {
	beach: {
		genre: ['travel'],
		mood: ['relaxed'],
		subject: ['beach', 'ocean'],
		format: ['b-roll'],
		setting: 'a sunny beach',
	},
	city: {
		genre: ['documentary'],
		mood: ['energetic'],
		subject: ['city', 'traffic'],
		format: ['b-roll'],
		setting: 'a busy city',
	},
	forest: {
		genre: ['nature'],
		mood: ['calm'],
		subject: ['forest', 'wildlife'],
		format: ['b-roll'],
		setting: 'a quiet forest',
	},
	mountain: {
		genre: ['adventure'],
		mood: ['inspiring'],
		subject: ['mountain', 'hiking'],
		format: ['b-roll'],
		setting: 'high mountains',
	},
	kitchen: {
		genre: ['cooking'],
		mood: ['cheerful'],
		subject: ['food', 'cooking'],
		format: ['tutorial'],
		setting: 'a home kitchen',
	},
	stadium: {
		genre: ['sports'],
		mood: ['exciting'],
		subject: ['sports', 'crowd'],
		format: ['highlights'],
		setting: 'a full stadium',
	},
	concert: {
		genre: ['music'],
		mood: ['euphoric'],
		subject: ['music', 'audience'],
		format: ['live performance'],
		setting: 'a concert stage',
	},
	office: {
		genre: ['business'],
		mood: ['serious'],
		subject: ['business', 'meeting'],
		format: ['interview'],
		setting: 'an office',
	},
};

const labelsOf = (video: AssetRecord) => TOPIC_LABELS[topicOf(video)] ?? TOPIC_LABELS.office;

/** The part of a video an answer is about: the whole video, or one composite slice of it. */
export interface NarrativeTarget {
	video: AssetRecord;
	/** A slice from `slicesOf`; absent for the whole video. */
	slice?: { id: string; index: number; start_time_ms: number; end_time_ms: number; composite_type: string };
	/** `video_context` or `composite_slice_context` as sent (null or absent: none). */
	context?: string | null;
}

const seconds = (ms: number) => Math.round(ms / 1000);
const fileName = (video: AssetRecord) => video.path.split('/').pop() || video.path;
const withContext = (text: string, context?: string | null) =>
	context?.trim() ? `${text} Context: ${context.trim()}.` : text;

/** Lines spoken in the target: every line of the video, or those of the slice's time. */
function spokenLines({ video, slice }: NarrativeTarget): string[] {
	const segments = audioSegmentsOf(video);
	if (!slice) return segments.map((segment) => segment.text);
	return segments
		.filter((segment) => segment.startMs < slice.end_time_ms && segment.endMs > slice.start_time_ms)
		.map((segment) => segment.text);
}

const lengthMs = ({ video, slice }: NarrativeTarget) =>
	slice ? slice.end_time_ms - slice.start_time_ms : Math.round((video.durationSeconds ?? 30) * 1000);

/** `summary` of a whole video or of a composite slice. */
export function summaryOf(target: NarrativeTarget): string {
	const { video, slice, context } = target;
	const [first] = spokenLines(target);
	const what = slice
		? `${slice.composite_type[0].toUpperCase()}${slice.composite_type.slice(1)} ${slice.index + 1} of ${fileName(video)} (${seconds(slice.start_time_ms)}-${seconds(slice.end_time_ms)} s)`
		: `A ${seconds(lengthMs(target))}-second ${topicOf(video)} video`;
	const words = first ? `, opening with "${first}"` : ', without speech';
	return withContext(`${what}: ${labelsOf(video).setting}${words}.`, context);
}

/** `description` of a whole video. */
export function descriptionOf(target: NarrativeTarget): string {
	const { video, context } = target;
	const shots = slicesOf(video, 'shot').length;
	return withContext(
		`${fileName(video)} shows ${labelsOf(video).setting} in ${shots} shots over ${seconds(lengthMs(target))} seconds.`,
		context,
	);
}

/** `synopsis` of a whole video: how it opens and how it ends. */
export function synopsisOf(target: NarrativeTarget): string {
	const lines = spokenLines(target);
	return withContext(`It opens with "${lines[0]}" and ends with "${lines[lines.length - 1]}".`, target.context);
}

/** Words of the target: its video's topic, path and text metadata, what is spoken in it, and the context. */
function targetWords(target: NarrativeTarget): Set<string> {
	const words = assetWords(target.video);
	for (const line of spokenLines(target)) for (const word of wordsOf(line)) words.add(word);
	for (const word of wordsOf(target.context ?? '')) words.add(word);
	return words;
}

/** Size of a length: short-form up to a minute, mid-form up to ten, long-form beyond. */
function lengthFormat(ms: number): string {
	if (ms <= 60_000) return 'short-form';
	return ms <= 600_000 ? 'mid-form' : 'long-form';
}

/**
 * The `genres` / `moods` / `subjects` / `formats` of a target: first the organisation's vocabulary entries of that kind
 * whose name or examples share a word with the target (by name), then the topic's built-in labels not already named
 * (formats add the length: short-form, mid-form or long-form).
 */
export function predictionsOf(target: NarrativeTarget, type: MetadataType, vocabulary: MetadataItem[]): string[] {
	const words = targetWords(target);
	const matching = vocabulary
		.filter((item) => item.metadata_type === type)
		.filter((item) => [item.name, ...item.examples].some((text) => wordsOf(text).some((word) => words.has(word))))
		.map((item) => item.name)
		.sort((a, b) => a.localeCompare(b));
	const builtIn =
		type === 'format'
			? [...labelsOf(target.video).format, lengthFormat(lengthMs(target))]
			: labelsOf(target.video)[type];
	const named = new Set(matching.map((name) => name.toLowerCase()));
	return [...matching, ...builtIn.filter((label) => !named.has(label))];
}

/** How many keyframes captioning a video covers (one per shot). */
export const keyframeCount = (video: AssetRecord) => keyframesOf(video).length;
