import type { z } from 'zod';
import { type Input, operation } from '../contract';
import type { schemas } from '../generated/schemas';
import { HttpError, jsonReply } from '../http';
import { matchesFilters, ranked, scoreVisual, toNileKeyframe, toSearchImage, toSearchVideo } from '../search/engine';
import type { AssetRecord } from '../assets/model';
import {
	assetWords,
	hash01,
	keyframesOf,
	relevance,
	round4,
	searchableAssets,
	type ShotInfo,
	wordsOf,
} from '../search/media';
import {
	audioSoundSearch,
	celebrityMatches,
	hybridSearch,
	type MetadataClause,
	metadataKeyframeSearch,
	metadataSearch,
	metadataShotSearch,
	metadataSoundSearch,
	metadataTranscriptSearch,
	metadataVideoSearch,
	textToImageByPerson,
} from '../search/contract';
import {
	filtered,
	imageResults,
	keyframeResults,
	type MetadataFilter,
	runStateAt,
	type SearchTarget,
	shotResults,
	soundResult,
	soundSegments,
	transcriptResults,
	videoResults,
} from '../search/runs';
import { namedLiveDataset, type RequestContext, type RouteDefinition } from './route';

/**
 * The search modes of issue 27: audio sounds, text-to-image by person, hybrid (beta, refusable), celebrity matches,
 * and the metadata-filtered searches that run as jobs (search/runs.ts). Results come from the seeded assets, as the
 * other searches' do (search/engine.ts), so every answer is the same on every run.
 */

const page = <T>(items: T[], body: { offset: number; limit: number }) =>
	items.slice(body.offset, body.offset + body.limit);
const clausesOf = (body: { metadata_filters?: { filters: MetadataClause[] } | null }) =>
	body.metadata_filters?.filters ?? [];
const videosOf = (context: RequestContext, datasetId: string, clauses: MetadataClause[]) =>
	searchableAssets(context.store.assets, datasetId).filter(
		(asset) => asset.kind === 'video' && matchesFilters(asset, clauses),
	);

/** What the 403 of an organization without hybrid search says (assumed wording). */
export const HYBRID_REFUSED = 'Hybrid search is in beta and requires special access for your organization';

type PersonBody = Input<'text-to-image-search-by-person', typeof textToImageByPerson>['body'];

/** The enrolled persons a by-person search names; an unknown one is a 404 (assumed: "The person must already be enrolled"). */
function personsOf(context: RequestContext, body: PersonBody) {
	const persons = [...context.store.celebrity.persons.values()];
	const found = new Map<string, (typeof persons)[number]>();
	for (const id of body.person_ids ?? []) {
		const person = context.store.celebrity.persons.get(id);
		if (!person) throw new HttpError(404, `Person not found: ${id}`);
		found.set(person.id, person);
	}
	for (const name of body.person_names_or_aliases ?? []) {
		const wanted = name.trim().toLowerCase();
		const person = persons.find((entry) =>
			[entry.name, ...entry.aliases].some((known) => known.toLowerCase() === wanted),
		);
		if (!person) throw new HttpError(404, `Person not found: ${name}`);
		found.set(person.id, person);
	}
	return [...found.values()];
}

type RunBody = { dataset_id: string; offset: number; limit: number; metadata_filters?: MetadataFilter[] };

/** Starts a run: the dataset must be live; its results are ranked now and read once it has terminated. */
function startRun(
	context: RequestContext,
	body: RunBody,
	target: SearchTarget,
	rank: (videosOrImages: Parameters<typeof imageResults>[0]) => object[],
) {
	namedLiveDataset(context.store, body.dataset_id);
	const { assets, failure } = filtered(
		context.store.assets,
		body.dataset_id,
		target === 'image' ? 'image' : 'video',
		body.metadata_filters ?? [],
	);
	const run = context.store.search.start({
		datasetId: body.dataset_id,
		target,
		startedAt: context.clock.now(),
		results: failure ? [] : page(rank(assets), body),
		failure,
	});
	return jsonReply(200, { run_id: run.id });
}

/** The run, when it is one of this dataset's (assumed: another dataset's run, or an unknown id, is a 404). */
function runOf(context: RequestContext, runId: number, datasetId: string) {
	const run = context.store.search.runs.get(runId);
	if (!run || run.datasetId !== datasetId) throw new HttpError(404, `Run not found: ${runId}`);
	return run;
}

type ResultAnswer = z.input<(typeof schemas)['search-metadata-filter:get_metadata_filter_search_result_Response_200']>;

export const searchModeRoutes: RouteDefinition[] = [
	operation('audio-sound-search', audioSoundSearch, (context, { body }) => {
		namedLiveDataset(context.store, body.dataset_id);
		const results = soundSegments(videosOf(context, body.dataset_id, clausesOf(body)), body.audio_class);
		return jsonReply(200, {
			data: page(results, body).map(({ item, score }) => ({
				coactive_image_id:
					keyframesOf(item.video).find(
						(keyframe) => keyframe.shot.startMs <= item.segment.startMs && item.segment.startMs < keyframe.shot.endMs,
					)?.id ?? keyframesOf(item.video)[0].id,
				video: toSearchVideo(item.video),
				start_time_ms: item.segment.startMs,
				end_time_ms: item.segment.endMs,
				score,
				timestamp: item.segment.startMs,
				moderation_score: null,
			})),
		});
	}),
	operation('text-to-image-search-by-person', textToImageByPerson, (context, { body }) => {
		namedLiveDataset(context.store, body.dataset_id);
		const persons = personsOf(context, body);
		const query = wordsOf(body.text_query);
		const assets = searchableAssets(context.store.assets, body.dataset_id).filter((asset) =>
			matchesFilters(asset, clausesOf(body)),
		);
		type Hit = { id: string; video: AssetRecord | null; shot: ShotInfo | null };
		const entries: Array<{ item: Hit; id: string; score: number }> =
			body.asset_type === 'image'
				? assets
						.filter(
							(asset) =>
								asset.kind === 'image' &&
								persons.some((person) =>
									context.store.celebrity.facesIn(asset.id).some((face) => face.personId === person.id),
								),
						)
						.map((asset) => ({
							item: { id: asset.id, video: null, shot: null },
							id: asset.id,
							score: relevance(query, assetWords(asset), asset.id),
						}))
				: assets
						.filter((asset) => asset.kind === 'video')
						.flatMap((video) =>
							// Assumed: a person appears in a keyframe when a stable hash of (person, keyframe) falls under 0.2.
							keyframesOf(video)
								.filter((keyframe) => persons.some((person) => hash01(person.id, keyframe.id) < 0.2))
								.map((keyframe) => ({
									item: { id: keyframe.id, video, shot: keyframe.shot },
									id: keyframe.id,
									score: relevance(query, assetWords(video), keyframe.id),
								})),
						);
		const results = ranked(entries);
		const best = new Map<string, number>();
		for (const { item, score } of results) if (item.video && !best.has(item.video.id)) best.set(item.video.id, score);
		return jsonReply(200, {
			data: page(results, body).map(({ item }) => ({
				coactive_image_id: item.id,
				asset_type: body.asset_type,
				dataset_id: body.dataset_id,
				video_id: item.video?.id ?? null,
				composite_slice_id: item.shot?.id ?? null,
				composite_type: item.shot ? 'shot' : null,
				composite_start_time_ms: item.shot?.startMs ?? null,
				composite_end_time_ms: item.shot?.endMs ?? null,
				moderation_score: null,
			})),
			videos: [...best.keys()].map((videoId) => ({ video_id: videoId, moderation_score: null })),
		});
	}),
	operation('hybrid-search', hybridSearch, (context, { body }) => {
		if (!context.store.search.hybridAccess) throw new HttpError(403, HYBRID_REFUSED);
		namedLiveDataset(context.store, body.dataset_id);
		const query = wordsOf(body.text_query);
		const negative = wordsOf(body.negative_text ?? '');
		const range = body.datetime_filter ? [{ ...body.datetime_filter }] : [];
		const images = searchableAssets(context.store.assets, body.dataset_id).filter(
			(asset) => asset.kind === 'image' && matchesFilters(asset, range),
		);
		const results = ranked(
			images.map((asset) => ({
				item: asset,
				id: asset.id,
				score: scoreVisual(query, { kind: 'image', asset }, `hybrid:${body.text_query}`, negative),
			})),
		);
		return jsonReply(200, {
			data: results.slice(0, body.limit).map(({ item, score }) => ({ ...toSearchImage(item), relevance_score: score })),
		});
	}),
	operation('celebrity-matches-api-v-1-search-celebrity-matches-post', celebrityMatches, (context, { body }) => {
		namedLiveDataset(context.store, body.dataset_id);
		// The sandbox has no uploads: a keyframe matches the reference set by a stable hash of the set and the keyframe.
		const set = [...body.upload_ids].sort().join(',');
		const entries = videosOf(context, body.dataset_id, clausesOf(body)).flatMap((video) =>
			keyframesOf(video).map((keyframe) => ({
				item: keyframe,
				id: keyframe.id,
				score: round4(hash01(set, keyframe.id)),
			})),
		);
		const results = ranked(entries.filter((entry) => entry.score >= 0.5));
		return jsonReply(200, { data: page(results, body).map(({ item, score }) => toNileKeyframe(item, score)) });
	}),
	operation('search-text-to-image-with-metadata-filters', metadataSearch, (context, { body }) =>
		startRun(context, body, 'image', (images) => imageResults(images, body.text_query)),
	),
	operation('search-text-to-keyframe-with-metadata-filters', metadataKeyframeSearch, (context, { body }) =>
		startRun(context, body, 'keyframe', (videos) => keyframeResults(videos, body.text_query)),
	),
	operation('search-text-to-shot-with-metadata-filters', metadataShotSearch, (context, { body }) =>
		startRun(context, body, 'shot', (videos) => shotResults(videos, body.text_query)),
	),
	operation('search-text-to-transcript-with-metadata-filters', metadataTranscriptSearch, (context, { body }) =>
		startRun(context, body, 'transcript', (videos) =>
			transcriptResults(videos, body.text_query, body.match_mode ?? 'semantic'),
		),
	),
	operation('search-text-to-video-with-metadata-filters', metadataVideoSearch, (context, { body }) =>
		startRun(context, body, 'video', (videos) => videoResults(videos, body.text_query)),
	),
	operation('search-audio-sound-with-metadata-filters', metadataSoundSearch, (context, { body }) =>
		startRun(context, body, 'sound', (videos) =>
			soundSegments(videos, body.audio_class).map(({ item, score }) => soundResult(item, score)),
		),
	),
	operation('get-metadata-filter-search-status', (context, { path, query }) => {
		const run = runOf(context, path.run_id, query.dataset_id);
		const state = runStateAt(run, context.clock.now());
		return jsonReply(200, {
			run_id: run.id,
			state: state.state,
			termination_type: state.termination,
			termination_message: state.message,
		});
	}),
	operation('get-metadata-filter-search-result', (context, { path, query }) => {
		const run = runOf(context, path.run_id, query.dataset_id);
		const state = runStateAt(run, context.clock.now());
		// Assumed: `status` is the run's state until it ends, then SUCCESS or the termination type; results only on SUCCESS.
		const status = state.termination ?? state.state;
		const answer = { status, search_target: run.target, ...(status === 'SUCCESS' ? { results: run.results } : {}) };
		return jsonReply(200, answer as ResultAnswer);
	}),
];
