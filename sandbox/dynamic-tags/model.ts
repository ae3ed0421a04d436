import type {
	DynamicTagGroupDatasetAssociationStatus,
	DynamicTagGroupVersionResponse,
	DynamicTagGroupVersionStatus,
	DynamicTagTagVersionStatus,
} from '../../nodes/shared/schemas.generated';
import { stableUuid } from '../assets/model';
import { DEMO_SYSTEM_USER_ID, DEMO_USER_ID, SEED_DATASET_IDS } from '../seed';

/** Fields `sort_field` accepts (the service's list is not published; these are the sortable fields of a row). */
export const SORT_FIELDS = ['name', 'version_name', 'status', 'created_dt', 'updated_dt', 'group_created_dt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** At most this many training datasets and tag names come back per group when asked for. */
export const PREVIEW_LIMIT = 10;

export interface TagGroupVersionRecord {
	id: string;
	number: number;
	name: string;
	status: DynamicTagGroupVersionStatus;
	createdAt: number;
	createdBy: string;
	updatedAt: number;
	updatedBy: string;
	allDraftTagsReviewedAt: number | null;
	reviewTagsVisitedAt: number | null;
}

export interface TagGroupRecord {
	id: string;
	name: string;
	description: string | null;
	createdAt: number;
	createdBy: string;
	shareable: boolean;
	visualEncoder: string;
	transcriptEncoder: string;
	tags: string[];
	trainingDatasets: Array<{ id: string; status: DynamicTagGroupDatasetAssociationStatus }>;
	/** Oldest first. */
	versions: TagGroupVersionRecord[];
}

const THEMES = [
	'action',
	'animals',
	'brands',
	'cars',
	'comedy',
	'scenes',
	'fashion',
	'music',
	'news',
	'outdoors',
	'sports',
	'travel',
];
const EDITIONS = ['core', 'extended', 'pilot', 'regional', 'seasonal'];
const TAG_WORDS = [
	'close_up',
	'crowd',
	'daylight',
	'dialogue',
	'drone_shot',
	'explosion',
	'face',
	'indoor',
	'logo',
	'music',
	'night',
	'outdoor',
	'product',
	'slow_motion',
	'smile',
	'speech',
	'text_overlay',
	'vehicle',
	'water',
	'wide_shot',
];
export const TAG_GROUP_CREATORS = [DEMO_USER_ID, DEMO_SYSTEM_USER_ID, 'analyst-ines'];
export const VISUAL_ENCODERS = ['multimodal-tx-large2', 'multimodal-tx-large3', 'multimodal-tx-large4'];
export const TRANSCRIPT_ENCODERS = ['whisper-large-v3', 'whisper-medium'];
const ASSOCIATION_STATUSES: DynamicTagGroupDatasetAssociationStatus[] = [
	'scored',
	'scoring',
	'queued',
	'unscored',
	'error',
	'deleting',
	'deleted',
];
/** Statuses of groups that were never published, cycled so every status can be filtered for. */
const UNPUBLISHED_STATUSES: DynamicTagGroupVersionStatus[] = [
	'draft',
	'creating',
	'updating',
	'validated',
	'error',
	'deleting',
	'deleted',
];
const FIRST_GROUP_CREATED = Date.parse('2026-02-01T10:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * 60 tag groups by default (three pages of 25; tests may ask for more). Everything derives from the index, so tests can compute what any
 * filter selects. Names are `<theme>_<edition>` (12 themes × 5 editions). Every third group (index % 3) is only a
 * draft, published, or published with unpublished changes on a newer version (v1 superseded, v2 published, v3
 * unpublished_changes).
 */
export function seedTagGroups(count = 60): TagGroupRecord[] {
	return Array.from({ length: count }, (_, i) => tagGroup(i));
}

function tagGroup(i: number): TagGroupRecord {
	const id = stableUuid(`dynamic-tag-group:${i}`);
	const createdAt = FIRST_GROUP_CREATED + i * DAY;
	const createdBy = TAG_GROUP_CREATORS[i % 3];
	const seedDatasets = [SEED_DATASET_IDS.demoImages, SEED_DATASET_IDS.demoVideos, SEED_DATASET_IDS.demoMixed];
	const trainingCount = i % 13;
	const version = (number: number, status: DynamicTagGroupVersionStatus): TagGroupVersionRecord => {
		const at = createdAt + (number - 1) * 7 * DAY;
		const author = number === 1 ? createdBy : TAG_GROUP_CREATORS[(i + number) % 3];
		return {
			id: stableUuid(`dynamic-tag-group:${i}:v${number}`),
			number,
			name: `v${number}`,
			status,
			createdAt: at,
			createdBy: author,
			updatedAt: at + HOUR,
			updatedBy: author,
			allDraftTagsReviewedAt: status === 'published' || status === 'superseded' ? at + HOUR : null,
			reviewTagsVisitedAt: i % 2 === 1 ? at + 2 * HOUR : null,
		};
	};
	const kind = i % 3;
	const versions =
		kind === 0
			? [version(1, UNPUBLISHED_STATUSES[Math.floor(i / 3) % UNPUBLISHED_STATUSES.length])]
			: kind === 1
				? [version(1, 'published')]
				: [version(1, 'superseded'), version(2, 'published'), version(3, 'unpublished_changes')];
	return {
		id,
		name: `${THEMES[i % THEMES.length]}_${EDITIONS[Math.floor(i / THEMES.length)]}`,
		description: i % 5 === 4 ? null : `Tags for ${THEMES[i % THEMES.length]} content`,
		createdAt,
		createdBy,
		shareable: i % 4 === 0,
		visualEncoder: VISUAL_ENCODERS[Math.floor(i / 4) % VISUAL_ENCODERS.length],
		transcriptEncoder: TRANSCRIPT_ENCODERS[i % 2],
		// Up to 20 tags: the default per-group limit of the service.
		tags: TAG_WORDS.slice(0, (i * 8) % 21),
		trainingDatasets: Array.from({ length: trainingCount }, (_, k) => ({
			id: k < 3 ? seedDatasets[(i + k) % 3] : stableUuid(`training-dataset:${k}`),
			status: ASSOCIATION_STATUSES[(i + k) % ASSOCIATION_STATUSES.length],
		})),
		versions,
	};
}

const isPublished = (version: TagGroupVersionRecord) => version.status === 'published';
const isDraft = (version: TagGroupVersionRecord) => version.status !== 'published' && version.status !== 'superseded';

/**
 * The versions a list shows of a group: its latest version, or with include_versions its latest draft and its
 * latest published version (one row each; a group with only one of them shows one row).
 */
export function listedVersions(group: TagGroupRecord, includeVersions: boolean): TagGroupVersionRecord[] {
	if (!includeVersions) return [group.versions[group.versions.length - 1]];
	const newestFirst = [...group.versions].reverse();
	return [newestFirst.find(isDraft), newestFirst.find(isPublished)].filter(
		(version): version is TagGroupVersionRecord => version !== undefined,
	);
}

function tagStatusOf(status: DynamicTagGroupVersionStatus): DynamicTagTagVersionStatus {
	if (status === 'published' || status === 'superseded' || status === 'validated') return 'published';
	return status;
}

const iso = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

export function toGroupVersionResponse(
	group: TagGroupRecord,
	version: TagGroupVersionRecord,
	include: { trainingDatasets: boolean; tags: boolean },
): DynamicTagGroupVersionResponse {
	const tags = [...group.tags].sort().slice(0, PREVIEW_LIMIT);
	return {
		group_id: group.id,
		group_version_id: version.id,
		name: group.name,
		version_name: version.name,
		status: version.status,
		shareable: group.shareable,
		created_user_id: version.createdBy,
		updated_user_id: version.updatedBy,
		created_dt: new Date(version.createdAt).toISOString(),
		updated_dt: new Date(version.updatedAt).toISOString(),
		group_created_user_id: group.createdBy,
		group_created_dt: new Date(group.createdAt).toISOString(),
		group_description: group.description,
		tags_preview: include.tags
			? tags.map((name) => ({
					tag_id: stableUuid(`${group.id}:tag:${name}`),
					tag_version_id: stableUuid(`${version.id}:tag:${name}`),
					name,
					status: tagStatusOf(version.status),
				}))
			: null,
		tags_count: group.tags.length,
		all_draft_tags_reviewed_dt: iso(version.allDraftTagsReviewedAt),
		review_tags_visited_at: iso(version.reviewTagsVisitedAt),
		training_datasets: include.trainingDatasets ? group.trainingDatasets.slice(0, PREVIEW_LIMIT) : null,
	};
}

/** The dynamic-tags part of the sandbox state (SandboxStore.dynamicTags). */
export class DynamicTagState {
	readonly groups: TagGroupRecord[] = [];

	reset(): void {
		this.groups.length = 0;
		this.groups.push(...seedTagGroups());
	}
}
