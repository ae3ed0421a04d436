import { stableUuid, type AssetRecord } from '../assets/model';
import { operation } from '../contract';
import { HttpError, jsonReply } from '../http';
import { slicesOf } from '../search/engine';
import type { SandboxStore } from '../store';
import {
	descriptionOf,
	keyframeCount,
	predictionsOf,
	summaryOf,
	synopsisOf,
	type NarrativeTarget,
} from '../video-insights/narrative';
import type { CaptionVideoKeyframesResponse, MetadataItem, MetadataType } from '../../nodes/shared/schemas.generated';
import { liveDataset, type RouteDefinition } from './route';

/*
 * The video narrative metadata endpoints (`video-narative-metadata` in the document), on the generated contract: the
 * requests are read and validated by operationId, the handlers below only answer. See sandbox/README.md, "Video
 * narrative metadata".
 */

/** A video of the dataset that is ready (completed); anything else is a 404 (assumed: the document lists 200 and 422 only). */
function readyVideo(store: SandboxStore, datasetId: string, videoId: string): AssetRecord {
	liveDataset(store, datasetId);
	const video = store.assets.get(videoId);
	if (!video || video.datasetId !== datasetId || video.kind !== 'video' || video.status !== 'completed') {
		throw new HttpError(404, `Video ${videoId} not found in dataset ${datasetId}`);
	}
	return video;
}

type VideoPath = { dataset_id: string; video_id: string };
type SlicePath = VideoPath & { composite_slice_id: string };

/** The whole video a request names, with its `video_context`. */
function videoTarget(store: SandboxStore, path: VideoPath, body: { video_context?: string | null }): NarrativeTarget {
	return { video: readyVideo(store, path.dataset_id, path.video_id), context: body.video_context };
}

/** The composite slice a request names (a shot, scene or segment of the video), with its `composite_slice_context`. */
function sliceTarget(
	store: SandboxStore,
	path: SlicePath,
	body: { composite_slice_context?: string | null },
): NarrativeTarget {
	const video = readyVideo(store, path.dataset_id, path.video_id);
	const slice = ['shot', 'scene', 'segment']
		.flatMap((type) => slicesOf(video, type))
		.find((candidate) => candidate.id === path.composite_slice_id);
	if (!slice) throw new HttpError(404, `Composite slice ${path.composite_slice_id} not found in video ${video.id}`);
	return { video, slice, context: body.composite_slice_context };
}

const predicted = (store: SandboxStore, target: NarrativeTarget, type: MetadataType) =>
	predictionsOf(target, type, store.videoInsights.vocabulary);

function findItem(store: SandboxStore, id: string): MetadataItem {
	const item = store.videoInsights.vocabulary.find((candidate) => candidate.id === id);
	if (!item) throw new HttpError(404, `Metadata item ${id} not found`);
	return item;
}

/** Assumed (not published): a name is unique within its type, ignoring case; a clash is a 409. */
function assertNameFree(store: SandboxStore, type: MetadataType, name: string, except?: string): void {
	const clash = store.videoInsights
		.ofType(type)
		.find((item) => item.id !== except && item.name.toLowerCase() === name.toLowerCase());
	if (clash) throw new HttpError(409, `A ${type} named "${clash.name}" already exists`);
}

export const videoInsightsRoutes: RouteDefinition[] = [
	operation(
		'generate-video-summary-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-summary-post',
		({ store }, { path, body }) => jsonReply(200, { summary: summaryOf(videoTarget(store, path, body)) }),
	),
	operation(
		'generate-video-description-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-description-post',
		({ store }, { path, body }) => jsonReply(200, { description: descriptionOf(videoTarget(store, path, body)) }),
	),
	operation(
		'generate-video-synopsis-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-synopsis-post',
		({ store }, { path, body }) => jsonReply(200, { synopsis: synopsisOf(videoTarget(store, path, body)) }),
	),
	operation(
		'predict-video-genre-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-genre-post',
		({ store }, { path, body }) =>
			jsonReply(200, { genres: predicted(store, videoTarget(store, path, body), 'genre') }),
	),
	operation(
		'predict-video-mood-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-mood-post',
		({ store }, { path, body }) => jsonReply(200, { moods: predicted(store, videoTarget(store, path, body), 'mood') }),
	),
	operation(
		'predict-video-subject-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-subject-post',
		({ store }, { path, body }) =>
			jsonReply(200, { subjects: predicted(store, videoTarget(store, path, body), 'subject') }),
	),
	operation(
		'predict-video-format-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-format-post',
		({ store }, { path, body }) =>
			jsonReply(200, { formats: predicted(store, videoTarget(store, path, body), 'format') }),
	),
	operation(
		'generate-composite-slice-summary-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-summary-post',
		({ store }, { path, body }) => jsonReply(200, { summary: summaryOf(sliceTarget(store, path, body)) }),
	),
	operation(
		'predict-composite-slice-mood-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-mood-post',
		({ store }, { path, body }) => jsonReply(200, { moods: predicted(store, sliceTarget(store, path, body), 'mood') }),
	),
	operation(
		'predict-composite-slice-subject-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-subject-post',
		({ store }, { path, body }) =>
			jsonReply(200, { subjects: predicted(store, sliceTarget(store, path, body), 'subject') }),
	),
	operation(
		'predict-composite-slice-format-api-v-0-video-narrative-metadata-datasets-dataset-id-videos-video-id-composite-slices-composite-slice-id-format-post',
		({ store }, { path, body }) =>
			jsonReply(200, { formats: predicted(store, sliceTarget(store, path, body), 'format') }),
	),
	operation(
		'caption-video-keyframes-api-v-0-video-summarization-datasets-dataset-id-videos-video-id-caption-keyframes-post',
		(context, { path }) => {
			const video = readyVideo(context.store, path.dataset_id, path.video_id);
			const keyframes = keyframeCount(video);
			context.store.videoInsights.captionRequests.push({
				datasetId: video.datasetId,
				videoId: video.id,
				keyframes,
				at: context.clock.now(),
			});
			const answer: CaptionVideoKeyframesResponse = {
				message: `Captioning of ${keyframes} keyframes of video ${video.id} started`,
			};
			return jsonReply(202, answer);
		},
	),
	operation('create-metadata-api-v-0-video-narrative-metadata-metadata-post', ({ store }, { body }) => {
		assertNameFree(store, body.metadata_type, body.name);
		const state = store.videoInsights;
		const item: MetadataItem = { id: stableUuid(`video-insights:metadata:${state.created++}`), ...body };
		state.vocabulary.push(item);
		return jsonReply(200, { item });
	}),
	operation('get-metadata-api-v-0-video-narrative-metadata-metadata-get', ({ store }, { query }) =>
		jsonReply(200, { items: store.videoInsights.ofType(query.metadata_type) }),
	),
	operation(
		'update-metadata-api-v-0-video-narrative-metadata-metadata-metadata-id-patch',
		({ store }, { path, body }) => {
			const item = findItem(store, path.metadata_id);
			// An omitted or null field is unchanged (none of them can be cleared).
			if (body.name !== undefined && body.name !== null) {
				assertNameFree(store, item.metadata_type, body.name, item.id);
				item.name = body.name;
			}
			if (body.description !== undefined && body.description !== null) item.description = body.description;
			if (body.examples !== undefined && body.examples !== null) item.examples = body.examples;
			return jsonReply(200, { item });
		},
	),
	operation('delete-metadata-api-v-0-video-narrative-metadata-metadata-metadata-id-delete', ({ store }, { path }) => {
		const item = findItem(store, path.metadata_id);
		const { vocabulary } = store.videoInsights;
		vocabulary.splice(vocabulary.indexOf(item), 1);
		return jsonReply(200, { id: item.id, deleted: true });
	}),
];
