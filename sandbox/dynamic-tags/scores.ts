import type {
	AggregationEngine,
	AggregationMethodology,
	ShotScore,
	VideoScore,
} from '../../nodes/shared/schemas.generated';
import type { AssetRecord } from '../assets/model';
import { stableUuid } from '../assets/model';
import { assetWords, hash01, round4, shotsOf } from '../search/media';
import type { TagGroupRecord, TagGroupVersionRecord } from './model';

/**
 * How the sandbox scores platform tags on videos (the `video-scores` endpoints). A video carries a tag when the tag
 * is among its words or among the tags its topic implies (a beach shows water, a stadium a crowd); each shot of a
 * video that carries the tag scores 0.55 to 1, every other shot 0.05 to 0.35. Everything is derived from the
 * records, the same on every run.
 */
const TOPIC_TAGS: Record<string, string[]> = {
	beach: ['outdoor', 'water', 'daylight', 'wide_shot'],
	surf: ['water', 'outdoor'],
	city: ['outdoor', 'vehicle', 'crowd', 'daylight'],
	forest: ['outdoor', 'daylight', 'drone_shot'],
	mountain: ['outdoor', 'drone_shot', 'wide_shot'],
	kitchen: ['indoor', 'product', 'close_up'],
	stadium: ['crowd', 'outdoor', 'wide_shot'],
	concert: ['crowd', 'music', 'night', 'indoor'],
	office: ['indoor', 'dialogue', 'speech', 'face'],
};

/** Tags of a group version: its id and the version's id of each tag name, as the groups list shows them. */
export const tagIdOf = (group: TagGroupRecord, name: string) => stableUuid(`${group.id}:tag:${name}`);
export const tagVersionIdOf = (version: TagGroupVersionRecord, name: string) => stableUuid(`${version.id}:tag:${name}`);

export interface TagRef {
	group: TagGroupRecord;
	name: string;
	tagId: string;
}

export interface TagVersionRef extends TagRef {
	version: TagGroupVersionRecord;
	tagVersionId: string;
}

export function findTag(groups: TagGroupRecord[], groupId: string, tagId: string): TagRef | undefined {
	const group = groups.find((candidate) => candidate.id === groupId);
	const name = group?.tags.find((candidate) => tagIdOf(group, candidate) === tagId);
	return group && name !== undefined ? { group, name, tagId } : undefined;
}

export function findTagVersion(tag: TagRef, tagVersionId: string): TagVersionRef | undefined {
	const version = tag.group.versions.find((candidate) => tagVersionIdOf(candidate, tag.name) === tagVersionId);
	return version ? { ...tag, version, tagVersionId } : undefined;
}

/** The newest published version of a group, whose tags the saved aggregations score. */
const publishedVersion = (group: TagGroupRecord) => [...group.versions].reverse().find((v) => v.status === 'published');

function carries(video: AssetRecord, tag: string): boolean {
	const words = assetWords(video);
	if (words.has(tag) || tag.split('_').every((word) => words.has(word))) return true;
	return [...words].some((word) => TOPIC_TAGS[word]?.includes(tag));
}

export function shotScores(video: AssetRecord, tag: TagVersionRef): ShotScore[] {
	const match = carries(video, tag.name);
	return shotsOf(video).map((shot) => {
		const spread = hash01(tag.tagVersionId, shot.id);
		return {
			shot_id: shot.id,
			score: round4(match ? 0.55 + 0.45 * spread : 0.05 + 0.3 * spread),
			start_time: shot.startMs / 1000,
			end_time: shot.endMs / 1000,
			duration: (shot.endMs - shot.startMs) / 1000,
			textPrompts: [{ modality: 'visual', prompt: tag.name.replace(/_/g, ' ') }],
		};
	});
}

export interface AggregationSettings {
	strategy: AggregationMethodology;
	minConf: number;
	coverageThreshold?: number;
	engine?: AggregationEngine;
	maxShotLength?: number;
}

/** One video's score for a tag under an aggregation strategy; undefined when max_shot_length leaves it out. */
export function videoScore(
	video: AssetRecord,
	tag: TagVersionRef,
	settings: AggregationSettings,
): VideoScore | undefined {
	const shots = shotScores(video, tag);
	if (settings.maxShotLength !== undefined && shots.some((shot) => shot.duration > settings.maxShotLength!))
		return undefined;
	const hits = shots.map((shot) => shot.score >= settings.minConf);
	let score: number;
	let met: boolean;
	if (settings.strategy === 'ANY_HIT') {
		score = Math.max(0, ...shots.map((shot) => shot.score));
		met = hits.some(Boolean);
	} else if (settings.strategy === 'COVERAGE_THRESHOLD') {
		score = shots.length ? hits.filter(Boolean).length / shots.length : 0;
		met = score >= (settings.coverageThreshold ?? 1);
	} else {
		let run = 0;
		let longest = 0;
		for (const hit of hits) {
			run = hit ? run + 1 : 0;
			longest = Math.max(longest, run);
		}
		score = shots.length ? longest / shots.length : 0;
		met = longest > 0;
	}
	return {
		group_id: tag.group.id,
		group_name: tag.group.name,
		tag_id: tag.tagId,
		tag_name: tag.name,
		tag_version_id: tag.tagVersionId,
		coactive_video_id: video.id,
		score: round4(score),
		criteria_met: met,
		// Assumed: nobody reviews scores in the sandbox, so a score is accepted exactly when it meets the criteria.
		accepted: met,
		computed_dt: new Date(Math.max(video.updatedAt, tag.version.createdAt)).toISOString(),
		video: {
			id: video.id,
			dataset_id: video.datasetId,
			created_user_id: 'sandbox-demo-user',
			updated_user_id: 'sandbox-demo-user',
			created_dt: new Date(video.createdAt).toISOString(),
			updated_dt: new Date(video.updatedAt).toISOString(),
			status: video.status,
			path: video.path,
			video_key: video.externalId ?? undefined,
			internal_metadata: {},
		},
		video_metadata: { content_id: video.externalId },
		preview_s3_path: null,
		preview_asset_start_time_ms: null,
		preview_asset_end_time_ms: null,
	};
}

/** A saved aggregation: one per tag of a group's published version and per training dataset of the group. */
export interface Aggregation {
	id: string;
	tag: TagVersionRef;
	datasetId: string;
	settings: AggregationSettings;
}

export const SAVED_AGGREGATION: AggregationSettings = { strategy: 'ANY_HIT', minConf: 0.5 };

export function aggregationsOf(group: TagGroupRecord): Aggregation[] {
	const version = publishedVersion(group);
	if (!version) return [];
	return group.tags.flatMap((name) =>
		group.trainingDatasets.map((dataset) => {
			const tagVersionId = tagVersionIdOf(version, name);
			return {
				id: stableUuid(`${tagVersionId}:aggregation:${dataset.id}`),
				tag: { group, name, tagId: tagIdOf(group, name), version, tagVersionId },
				datasetId: dataset.id,
				settings: SAVED_AGGREGATION,
			};
		}),
	);
}
