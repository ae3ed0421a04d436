import type { ChatResponse, ToolResult, VideoSearchResultItem } from '../../nodes/shared/schemas.generated';
import { stableUuid, type AssetRecord } from '../assets/model';
import type { DatasetRecord } from '../datasets/model';
import type { SandboxStore } from '../store';

/** Words that say nothing about what a video shows. */
const STOP_WORDS = new Set(
	'a about all and any are can clip clips did do does find for from have how in is it me more of on or please show some than that the them these this those to what which with videos video you'.split(
		' ',
	),
);

/** At most this many videos per dataset in a tool result. */
export const RESULTS_PER_DATASET = 10;

export function topicWords(text: string): string[] {
	const words = text
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter((word) => word.length >= 3 && !STOP_WORDS.has(word));
	return [...new Set(words)];
}

/** The terms a video is found by: the words of its file name, its metadata values and its customer id. */
function termsOf(asset: AssetRecord): Set<string> {
	const values = [
		asset.path.split('/').pop() ?? '',
		asset.externalId ?? '',
		...Object.values(asset.metadata).map(String),
	];
	return new Set(values.flatMap((value) => value.toLowerCase().split(/[^a-z0-9]+/)).filter(Boolean));
}

/** Fraction of the query words a video matches, 0 to 1, rounded to 4 decimals. */
export function videoScore(asset: AssetRecord, words: string[]): number {
	if (words.length === 0) return 0;
	const terms = termsOf(asset);
	const hits = words.filter((word) => terms.has(word)).length;
	return Math.round((hits / words.length) * 10_000) / 10_000;
}

function hash(text: string): number {
	let value = 0;
	for (const char of text) value = (value * 31 + char.charCodeAt(0)) >>> 0;
	return value;
}

type Message = Record<string, unknown>;

/** The last user turn in the history that had topic words: what "show me more" refers to. */
function topicFromHistory(history: Message[]): string[] {
	for (let i = history.length - 1; i >= 0; i--) {
		const { role, content } = history[i];
		if (role === 'user' && typeof content === 'string') {
			const words = topicWords(content);
			if (words.length > 0) return words;
		}
	}
	return [];
}

const fileName = (asset: AssetRecord) => asset.path.split('/').pop() ?? asset.path;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * A deterministic stand-in for the language model: a video search over the chosen datasets (completed videos
 * only), scored by the topic words of the message (or, when it has none, of the last user turn in the history),
 * an answer that names what was found, follow-ups about other topics, and the history extended by this turn.
 */
export function answerChat(
	store: SandboxStore,
	datasets: DatasetRecord[],
	text: string,
	history: Message[],
	nowIso: string,
): ChatResponse {
	const words = topicWords(text);
	const topic = words.length > 0 ? words : topicFromHistory(history);
	const query = topic.join(' ');
	const videosOf = (dataset: DatasetRecord) =>
		[...store.assets.values()].filter(
			(asset) => asset.datasetId === dataset.id && asset.kind === 'video' && asset.status === 'completed',
		);

	const toolResults: ToolResult[] = [];
	const found: Array<{ asset: AssetRecord; score: number }> = [];
	if (topic.length > 0) {
		for (const dataset of datasets) {
			const ranked = videosOf(dataset)
				.map((asset) => ({ asset, score: videoScore(asset, topic) }))
				.filter(({ score }) => score > 0)
				.sort((a, b) => b.score - a.score || a.asset.path.localeCompare(b.asset.path))
				.slice(0, RESULTS_PER_DATASET);
			found.push(...ranked);
			const results: VideoSearchResultItem[] = ranked.map(({ asset, score }) => ({
				dataset_id: dataset.id,
				text_query: query,
				video_id: asset.id,
				source_path: asset.path,
				video_score: score,
				metadata: { ...asset.metadata },
				top_composite_slice: null,
				top_keyframe: {
					id: stableUuid(`${asset.id}:top-keyframe`),
					frame_time_ms: Math.round(((asset.durationSeconds ?? 0) * 1000) / 2),
				},
				moderation_score: null,
			}));
			toolResults.push({
				tool_name: 'video_search_search_videos',
				dataset_id: dataset.id,
				dataset_type: dataset.newVideoDataModel ? 'native_video' : 'legacy',
				invocation_timestamp: nowIso,
				result: { results },
			});
		}
	}
	found.sort((a, b) => b.score - a.score || a.asset.path.localeCompare(b.asset.path));

	const searched = plural(datasets.length, 'dataset');
	let answer: string;
	if (topic.length === 0) {
		answer = 'Ask about what the videos show, for example "beach" or "concert", and I will search them.';
	} else if (found.length === 0) {
		answer = `I found no videos about "${query}" in ${searched}.`;
	} else {
		const named = found.slice(0, 3).map(({ asset }) => fileName(asset));
		answer = `I found ${plural(found.length, 'video')} about "${query}" in ${searched}. The best matches: ${named.join(', ')}.`;
	}

	const otherTopics = [
		...new Set(datasets.flatMap((dataset) => videosOf(dataset).map((asset) => String(asset.metadata.topic ?? '')))),
	]
		.filter((name) => name && !topic.includes(name))
		.sort();
	const start = otherTopics.length ? hash(`${query}|${history.length}`) % otherTopics.length : 0;
	const suggestions = [
		...(topic.length > 0 ? [`Show me more about ${query}`] : []),
		...[0, 1]
			.filter((offset) => offset < otherTopics.length)
			.map((offset) => `Find videos about ${otherTopics[(start + offset) % otherTopics.length]}`),
	];

	return {
		chat_response_text: answer,
		tool_results: toolResults,
		history_chat_messages: [...history, { role: 'user', content: text }, { role: 'assistant', content: answer }],
		suggested_follow_ups: suggestions,
	};
}
