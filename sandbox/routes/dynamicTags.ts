import type {
	DynamicTagGetGroupsResponse,
	VideoScore,
	GetVideoScoresResultCountResponse,
	GetVideoScoresResponse,
	GetVideoShotScoresResponse,
} from '../../nodes/shared/schemas.generated';
import {
	listedVersions,
	type SortField,
	type TagGroupRecord,
	type TagGroupVersionRecord,
	toGroupVersionResponse,
} from '../dynamic-tags/model';
import { listGroups, videoScoresPreview, videoScoresResult, videoShotScores } from '../dynamic-tags/contract';
import { type Input, operation } from '../contract';
import {
	type Aggregation,
	aggregationsOf,
	findTag,
	findTagVersion,
	shotScores,
	type TagRef,
	type TagVersionRef,
	videoScore,
	type AggregationSettings,
} from '../dynamic-tags/scores';
import { HttpError, jsonReply } from '../http';
import { videosOf } from '../search/engine';
import type { SandboxStore } from '../store';
import { liveDataset, numberedPage, type RouteDefinition } from './route';

type Row = { group: TagGroupRecord; version: TagGroupVersionRecord };
type Predicate = (row: Row) => boolean;

/**
 * Assumptions where the service does not say: `name` is exact and case-sensitive, `name_contains` ignores case;
 * `group_ids` keeps groups in the list, `exclude_group_ids` drops them; `created_user_id` and the created range
 * are about the group (the version has its own creator); `created_dt_from` is inclusive, `created_dt_to` exclusive;
 * `version_name` and `group_status` are about each row's version.
 */
function rowFilter(query: Input<'list-groups', typeof listGroups>['query']): Predicate {
	const predicates: Predicate[] = [];
	const add = (condition: unknown, predicate: Predicate) => {
		if (condition !== undefined) predicates.push(predicate);
	};
	const { name, name_contains, version_name, group_status, group_ids, exclude_group_ids } = query;
	const { created_dt_from, created_dt_to, training_dataset_id } = query;
	add(name, ({ group }) => group.name === name);
	add(name_contains, ({ group }) => group.name.toLowerCase().includes(String(name_contains).toLowerCase()));
	add(version_name, ({ version }) => version.name === version_name);
	add(group_status, ({ version }) => version.status === group_status);
	add(group_ids, ({ group }) => group_ids!.includes(group.id));
	add(exclude_group_ids, ({ group }) => !exclude_group_ids!.includes(group.id));
	add(query.visual_encoder, ({ group }) => group.visualEncoder === query.visual_encoder);
	add(query.transcript_encoder, ({ group }) => group.transcriptEncoder === query.transcript_encoder);
	if (query.is_shareable) predicates.push(({ group }) => group.shareable);
	add(query.created_user_id, ({ group }) => group.createdBy === query.created_user_id);
	add(created_dt_from, ({ group }) => group.createdAt >= created_dt_from!);
	add(created_dt_to, ({ group }) => group.createdAt < created_dt_to!);
	add(training_dataset_id, ({ group }) => group.trainingDatasets.some((dataset) => dataset.id === training_dataset_id));
	return (row) => predicates.every((predicate) => predicate(row));
}

const SORT_KEYS: Record<SortField, (row: Row) => string | number> = {
	name: ({ group }) => group.name,
	version_name: ({ version }) => version.name,
	status: ({ version }) => version.status,
	created_dt: ({ version }) => version.createdAt,
	updated_dt: ({ version }) => version.updatedAt,
	group_created_dt: ({ group }) => group.createdAt,
};

/** The chosen field in the chosen direction; ties always by name, group id and version number, ascending. */
function compareRows(field: SortField, direction: 'asc' | 'desc') {
	const key = SORT_KEYS[field];
	const sign = direction === 'desc' ? -1 : 1;
	const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
	return (a: Row, b: Row) =>
		sign * compare(key(a), key(b)) ||
		compare(a.group.name, b.group.name) ||
		compare(a.group.id, b.group.id) ||
		a.version.number - b.version.number;
}

/** Assumed: an unknown group, tag, version or aggregation answers 404 with a FastAPI detail, like the service's other 404s. */
function requireTag(store: SandboxStore, groupId: string, tagId: string): TagRef {
	const tag = findTag(store.dynamicTags.groups, groupId, tagId);
	if (!tag) throw new HttpError(404, `Tag ${tagId} not found in group ${groupId}`);
	return tag;
}

function requireTagVersion(tag: TagRef, tagVersionId: string): TagVersionRef {
	const version = findTagVersion(tag, tagVersionId);
	if (!version) throw new HttpError(404, `Tag version ${tagVersionId} not found for tag ${tag.tagId}`);
	return version;
}

function requireAggregation(store: SandboxStore, tag: TagRef, aggregationId: string): Aggregation {
	const aggregation = aggregationsOf(tag.group).find(
		(candidate) => candidate.id === aggregationId && candidate.tag.tagId === tag.tagId,
	);
	if (!aggregation) throw new HttpError(404, `Aggregation ${aggregationId} not found for tag ${tag.tagId}`);
	return aggregation;
}

/** The videos of a dataset scored for a tag: 404 "Shot scores table not found for dataset" when there is no dataset. */
function scoredVideos(
	store: SandboxStore,
	datasetId: string,
	tag: TagVersionRef,
	settings: AggregationSettings,
): VideoScore[] {
	liveDataset(store, datasetId, { detail: `Shot scores table not found for dataset ${datasetId}` });
	return videosOf(store.assets, datasetId, [])
		.map((video) => videoScore(video, tag, settings))
		.filter((score): score is VideoScore => score !== undefined);
}

const byScore = (direction: 'asc' | 'desc') => (a: VideoScore, b: VideoScore) =>
	(direction === 'asc' ? a.score - b.score : b.score - a.score) ||
	a.coactive_video_id.localeCompare(b.coactive_video_id);

export const dynamicTagRoutes: RouteDefinition[] = [
	operation('get-video-scores-result-preview', videoScoresPreview, (context, { path, query }) => {
		if (query.engine === 'PINOT' && query.strategy === 'LONGEST_RUN') {
			throw new HttpError(400, 'LONGEST_RUN strategy is not supported with PINOT engine');
		}
		const tag = requireTagVersion(requireTag(context.store, path.group_id, path.tag_id), query.tag_version_id);
		const data = scoredVideos(context.store, query.dataset_id, tag, {
			strategy: query.strategy,
			minConf: query.min_conf,
			coverageThreshold: query.coverage_threshold,
			engine: query.engine,
			maxShotLength: query.max_shot_length,
		}).sort(byScore('desc'));
		const response: GetVideoScoresResponse = {
			meta: { page: { page: 1, per_page: data.length }, has_next_page: false },
			data,
			sort: [{ field: 'score', direction: 'desc' }],
		};
		return jsonReply(200, response);
	}),
	operation('get-video-scores-result', videoScoresResult, (context, { path, query }) => {
		const tag = requireTag(context.store, path.group_id, path.tag_id);
		const aggregation = requireAggregation(context.store, tag, path.aggregation_id);
		const all = scoredVideos(context.store, aggregation.datasetId, aggregation.tag, aggregation.settings).sort(
			byScore(query.sort_order),
		);
		const response: GetVideoScoresResponse = {
			...numberedPage(all, query, (score) => score),
			sort: [{ field: 'score', direction: query.sort_order }],
		};
		return jsonReply(200, response);
	}),
	operation('get-video-scores-result-count', (context, { path, query }) => {
		const tag = requireTag(context.store, path.group_id, path.tag_id);
		const aggregation = requireAggregation(context.store, tag, path.aggregation_id);
		const count = scoredVideos(context.store, aggregation.datasetId, aggregation.tag, aggregation.settings).filter(
			(score) =>
				score.criteria_met === query.criteria_met &&
				(query.accepted === undefined || score.accepted === query.accepted),
		).length;
		const response: GetVideoScoresResultCountResponse = {
			group_id: path.group_id,
			tag_id: path.tag_id,
			aggregation_id: path.aggregation_id,
			count,
			predicate: { criteria_met: query.criteria_met, accepted: query.accepted ?? null },
		};
		return jsonReply(200, response);
	}),
	operation('get-video-shot-scores', videoShotScores, (context, { path, query }) => {
		const tag = requireTagVersion(requireTag(context.store, path.group_id, path.tag_id), path.version_id);
		liveDataset(context.store, query.dataset_id, {
			detail: `Shot scores table not found for dataset ${query.dataset_id}`,
		});
		const video = context.store.assets.get(path.video_id);
		if (!video || video.datasetId !== query.dataset_id || video.kind !== 'video') {
			throw new HttpError(404, `Video ${path.video_id} not found in dataset ${query.dataset_id}`);
		}
		const shots = shotScores(video, tag);
		const response: GetVideoShotScoresResponse = {
			data: shots.filter((shot) => shot.score >= query.min_conf),
			total_shot_count: shots.length,
		};
		return jsonReply(200, response);
	}),
	operation('list-groups', listGroups, (context, { query }) => {
		const rows = context.store.dynamicTags.groups
			.flatMap((group) => listedVersions(group, query.include_versions).map((version) => ({ group, version })))
			.filter(rowFilter(query))
			.sort(compareRows(query.sort_field, query.sort_direction));
		const include = { trainingDatasets: query.include_training_datasets, tags: query.include_tags };
		const response: DynamicTagGetGroupsResponse = {
			...numberedPage(rows, query, ({ group, version }) => toGroupVersionResponse(group, version, include)),
			sort: [{ field: query.sort_field, direction: query.sort_direction }],
		};
		return jsonReply(200, response);
	}),
];
