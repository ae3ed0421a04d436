import { type Input, operation } from '../contract';
import { HttpError, jsonReply } from '../http';
import {
	drillDown,
	ranked,
	scoreVisual,
	spokenSegments,
	toNileKeyframe,
	toSpokenResult,
	toVisualResult,
	transcriptMatches,
	videoResult,
	videosOf,
	visualCandidates,
} from '../search/engine';
import {
	assetWords,
	findVisualItem,
	searchableAssets,
	topicOf,
	visualItemAsset,
	visualItemId,
	wordsOf,
	type VisualItem,
} from '../search/media';
import {
	audioSearch,
	imageToImage,
	imageToKeyframes,
	type MetadataClause,
	textToImage,
	textToKeyframes,
	transcriptExactMatch,
	videoDetails,
	videoSearch,
} from '../search/contract';
import { validationError } from '../validation';
import { namedLiveDataset, type RequestContext, type RouteDefinition } from './route';

const page = <T>(items: T[], body: { offset: number; limit: number }) =>
	items.slice(body.offset, body.offset + body.limit);

/** The reference of an image search as words, and the item to leave out (a query image does not find itself). */
function reference(
	context: RequestContext,
	body: Input<'image-to-keyframes', typeof imageToKeyframes>['body'],
): { words: string[]; seed: string; self?: string } {
	if (body.coactive_image_id) {
		const item = findVisualItem(context.store.assets, body.dataset_id, { id: body.coactive_image_id });
		if (!item) {
			throw validationError([
				{
					loc: ['body', 'coactive_image_id'],
					msg: 'Value error, no searchable image or keyframe with this id in the dataset',
					type: 'value_error',
				},
			]);
		}
		return { words: [...assetWords(visualItemAsset(item))], seed: visualItemId(item), self: visualItemId(item) };
	}
	if (body.public_url) {
		// A URL is mostly noise (host, folders): when it names topics the dataset shows, those words alone count.
		const words = wordsOf(body.public_url);
		const topics = new Set(searchableAssets(context.store.assets, body.dataset_id).map(topicOf));
		const named = words.filter((word) => topics.has(word));
		return { words: named.length ? named : words, seed: body.public_url };
	}
	// The sandbox has no upload endpoint, so no upload id can be known to it.
	throw validationError([{ loc: ['body', 'upload_id'], msg: 'Value error, unknown upload_id', type: 'value_error' }]);
}

const clausesOf = (body: { metadata_filters?: { filters: MetadataClause[] } | null }) =>
	body.metadata_filters?.filters ?? [];

const rankVisual = (items: VisualItem[], score: (item: VisualItem) => number) =>
	ranked(items.map((item) => ({ item, id: visualItemId(item), score: score(item) })));

const nileKeyframes = (results: Array<{ item: VisualItem; score: number }>) =>
	results.flatMap(({ item, score }) => (item.kind === 'keyframe' ? [toNileKeyframe(item.keyframe, score)] : []));

export const searchRoutes: RouteDefinition[] = [
	operation('text-search-api-v-1-search-text-to-image-post', textToImage, (context, { body }) => {
		namedLiveDataset(context.store, body.dataset_id);
		const query = wordsOf(body.text_query);
		const negative = wordsOf(body.negative_text ?? '');
		const items = visualCandidates(context.store.assets, body.dataset_id, body.asset_type, clausesOf(body));
		const results = rankVisual(items, (item) => scoreVisual(query, item, body.text_query, negative));
		return jsonReply(200, { data: page(results, body).map(({ item }) => toVisualResult(item)) });
	}),
	operation('image-to-image', imageToImage, (context, { body }) => {
		namedLiveDataset(context.store, body.dataset_id);
		const ref = reference(context, body);
		const items = visualCandidates(context.store.assets, body.dataset_id, body.asset_type, clausesOf(body)).filter(
			(item) => visualItemId(item) !== ref.self,
		);
		const results = rankVisual(items, (item) => scoreVisual(ref.words, item, ref.seed));
		return jsonReply(200, { data: page(results, body).map(({ item }) => toVisualResult(item)) });
	}),
	operation('text-to-keyframes-search-api-v-1-search-text-to-keyframes-post', textToKeyframes, (context, { body }) => {
		namedLiveDataset(context.store, body.dataset_id);
		const query = wordsOf(body.text_query);
		const negative = wordsOf(body.negative_text ?? '');
		const items = visualCandidates(context.store.assets, body.dataset_id, 'video', clausesOf(body));
		const results = rankVisual(items, (item) => scoreVisual(query, item, body.text_query, negative));
		return jsonReply(200, {
			data: nileKeyframes(page(results, body)),
		});
	}),
	operation('image-to-keyframes', imageToKeyframes, (context, { body }) => {
		namedLiveDataset(context.store, body.dataset_id);
		const ref = reference(context, body);
		const items = visualCandidates(context.store.assets, body.dataset_id, 'video', clausesOf(body)).filter(
			(item) => visualItemId(item) !== ref.self,
		);
		const results = rankVisual(items, (item) => scoreVisual(ref.words, item, ref.seed));
		return jsonReply(200, {
			data: nileKeyframes(page(results, body)),
		});
	}),
	operation('transcript-exact-match', transcriptExactMatch, (context, { body }) => {
		namedLiveDataset(context.store, body.dataset_id);
		const videos = videosOf(context.store.assets, body.dataset_id, clausesOf(body));
		return jsonReply(200, { data: page(transcriptMatches(videos, body.text_query), body) });
	}),
	operation('audio-search', audioSearch, (context, { body }) => {
		namedLiveDataset(context.store, body.dataset_id);
		const videos = videosOf(context.store.assets, body.dataset_id, clausesOf(body));
		const results = spokenSegments(videos, wordsOf(body.text_query));
		return jsonReply(200, { data: page(results, body).map(({ item }) => toSpokenResult(item)) });
	}),
	operation('search-videos', videoSearch, (context, { body }) => {
		namedLiveDataset(context.store, body.dataset_id);
		const modality = body.modality ?? 'video';
		const results = videosOf(context.store.assets, body.dataset_id, clausesOf(body))
			.map((video) => ({ ...videoResult(video, body.text_query, modality, body.ignore_keyframes), id: video.id }))
			.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
		return jsonReply(200, { results: page(results, body).map(({ result }) => result) });
	}),
	operation('get-video-details', videoDetails, (context, { query }) => {
		namedLiveDataset(context.store, query.dataset_id);
		const video = context.store.assets.get(query.video_id);
		if (!video || video.datasetId !== query.dataset_id || video.kind !== 'video' || video.status !== 'completed') {
			throw new HttpError(404, `Video not found: ${query.video_id}`);
		}
		return jsonReply(200, {
			dataset_id: query.dataset_id,
			text_query: query.text_query,
			video_id: video.id,
			composite_type: query.composite_type,
			source_path: video.path,
			slices: drillDown(video, query.text_query, query.composite_type, query.limit),
		});
	}),
];
