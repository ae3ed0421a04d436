import type { z } from 'zod';
import { stableUuid, type AssetRecord } from '../assets/model';
import { seedAssets } from '../assets/seed';
import type { schemas } from '../generated/schemas';
import { DEMO_USER_ID, SEED_DATASET_IDS } from '../seed';
import {
	assetWords,
	hash01,
	round4,
	relevance,
	visualItemAsset,
	visualItemId,
	wordsOf,
	type KeyframeInfo,
	type VisualItem,
} from '../search/media';

export type ConceptLabelValue = z.output<(typeof schemas)['ConceptLabelEnum']>;

export const DEFAULT_CONCEPT_THRESHOLD = 0.8;
export const DEFAULT_REGULARIZATION = 0.0625;

export interface ConceptRecord {
	id: string;
	datasetId: string;
	name: string;
	description: string | null;
	threshold: number | null;
	regularization: number | null;
	createdAt: number;
	createdBy: string;
	updatedAt: number;
	updatedBy: string;
}

export interface LabelRecord {
	id: string;
	/** The platform image id of the labelled image or keyframe. */
	targetId: string;
	label: ConceptLabelValue;
	createdAt: number;
	createdBy: string;
	updatedAt: number;
	updatedBy: string;
}

/** Concepts and their labels (keyed by concept id, then by the labelled image or keyframe id). */
export class ConceptState {
	readonly concepts = new Map<string, ConceptRecord>();
	readonly labels = new Map<string, Map<string, LabelRecord>>();

	reset(): void {
		this.concepts.clear();
		this.labels.clear();
		for (const { concept, labels } of seedConcepts()) {
			this.concepts.set(concept.id, concept);
			this.labels.set(concept.id, new Map(labels.map((label) => [label.targetId, label])));
		}
	}

	labelsOf(conceptId: string): Map<string, LabelRecord> {
		let labels = this.labels.get(conceptId);
		if (!labels) {
			labels = new Map();
			this.labels.set(conceptId, labels);
		}
		return labels;
	}

	delete(conceptId: string): void {
		this.concepts.delete(conceptId);
		this.labels.delete(conceptId);
	}
}

export const SEED_CONCEPT_IDS = {
	beach: stableUuid('concept:demo_images:beach'),
	stadium: stableUuid('concept:demo_videos:stadium'),
} as const;

const SEEDED_AT = Date.parse('2026-02-01T10:00:00Z');

/**
 * `beach` on demo_images with two positive labels (beach images) and one negative (a city image); `stadium` on
 * demo_videos without labels.
 */
function seedConcepts(): Array<{ concept: ConceptRecord; labels: LabelRecord[] }> {
	const imageAt = (index: number) =>
		seedAssets().find((asset) => asset.datasetId === SEED_DATASET_IDS.demoImages && asset.metadata.index === index);
	const label = (
		conceptId: string,
		asset: AssetRecord | undefined,
		value: ConceptLabelValue,
		minute: number,
	): LabelRecord => ({
		id: stableUuid(`label:${conceptId}:${asset?.id}`),
		targetId: String(asset?.id),
		label: value,
		createdAt: SEEDED_AT + minute * 60_000,
		createdBy: DEMO_USER_ID,
		updatedAt: SEEDED_AT + minute * 60_000,
		updatedBy: DEMO_USER_ID,
	});
	const concept = (id: string, datasetId: string, name: string, description: string | null): ConceptRecord => ({
		id,
		datasetId,
		name,
		description,
		threshold: DEFAULT_CONCEPT_THRESHOLD,
		regularization: DEFAULT_REGULARIZATION,
		createdAt: SEEDED_AT,
		createdBy: DEMO_USER_ID,
		updatedAt: SEEDED_AT,
		updatedBy: DEMO_USER_ID,
	});
	return [
		{
			concept: concept(SEED_CONCEPT_IDS.beach, SEED_DATASET_IDS.demoImages, 'beach', 'Sandy beaches and sea shore'),
			labels: [
				label(SEED_CONCEPT_IDS.beach, imageAt(0), 'positive', 1),
				label(SEED_CONCEPT_IDS.beach, imageAt(8), 'positive', 2),
				label(SEED_CONCEPT_IDS.beach, imageAt(1), 'negative', 3),
			],
		},
		{ concept: concept(SEED_CONCEPT_IDS.stadium, SEED_DATASET_IDS.demoVideos, 'stadium', null), labels: [] },
	];
}

// ---- scoring ---------------------------------------------------------------------------------------------------

/** A concept is described by the words of its name (`beach_volleyball` → beach, volleyball). */
export const conceptWords = (concept: ConceptRecord) => wordsOf(concept.name.replace(/_/g, ' '));

/**
 * A concept's score for an image or keyframe: a labelled item follows its label (positive 0.9–1, negative 0–0.1);
 * others score by topic match with a stable hash (see search/media.ts `relevance`).
 */
export function conceptScore(concept: ConceptRecord, item: VisualItem, labels?: Map<string, LabelRecord>): number {
	const id = visualItemId(item);
	const label = labels?.get(id)?.label;
	if (label === 'positive') return round4(0.9 + 0.1 * hash01(concept.id, id));
	if (label === 'negative') return round4(0.1 * hash01(concept.id, id));
	return relevance(conceptWords(concept), assetWords(visualItemAsset(item)), concept.id, id);
}

/** A concept's score for a public image URL: the URL's words against the concept's, with a stable hash. */
function urlScore(concept: ConceptRecord, url: string): number {
	return relevance(conceptWords(concept), new Set(wordsOf(url)), concept.id, url);
}

/**
 * What Classify answers for the image at `url`: when it is the path of a completed image of the concept's dataset,
 * that image's score (the same number as the concept's column of the `images` table, labels included); otherwise
 * the score of the URL's words.
 */
export function classifyUrl(
	state: ConceptState,
	assets: Map<string, AssetRecord>,
	concept: ConceptRecord,
	url: string,
): number {
	// A path is unique within a dataset (assets/model.ts).
	const image = [...assets.values()].find(
		(asset) =>
			asset.path === url &&
			asset.datasetId === concept.datasetId &&
			asset.kind === 'image' &&
			asset.status === 'completed',
	);
	return image
		? conceptScore(concept, { kind: 'image', asset: image }, state.labels.get(concept.id))
		: urlScore(concept, url);
}

/** The concepts of a dataset, oldest first: the order Classify scores them in and the tables list their columns. */
export function conceptsOf(state: ConceptState, datasetId: string): ConceptRecord[] {
	return [...state.concepts.values()]
		.filter((concept) => concept.datasetId === datasetId)
		.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

// ---- response shapes (camelCase, like the concepts service) ----------------------------------------------------

const iso = (millis: number) => new Date(millis).toISOString();

/** `Concept` */
export function toConcept(concept: ConceptRecord) {
	return {
		createdUserId: concept.createdBy,
		createdDt: iso(concept.createdAt),
		updatedUserId: concept.updatedBy,
		updatedDt: iso(concept.updatedAt),
		name: concept.name,
		description: concept.description,
		threshold: concept.threshold,
		regularization: concept.regularization,
		conceptId: concept.id,
		datasetId: concept.datasetId,
	};
}

const audit = (asset: AssetRecord) => ({
	createdUserId: DEMO_USER_ID,
	createdDt: iso(asset.createdAt),
	updatedUserId: DEMO_USER_ID,
	updatedDt: iso(asset.updatedAt),
});

/** `Image` */
export function toImage(asset: AssetRecord) {
	return { ...audit(asset), coactiveImageId: asset.id, path: asset.path, id: null, metadata: { ...asset.metadata } };
}

/** `Keyframe` */
export function toKeyframe(keyframe: KeyframeInfo) {
	const { video, shot } = keyframe;
	return {
		coactiveImageId: keyframe.id,
		video: {
			...audit(video),
			path: video.path,
			coactiveVideoId: video.id,
			metadata: { data: { ...video.metadata } },
		},
		shot: { shotId: shot.id, startTimeMs: shot.startMs, endTimeMs: shot.endMs },
		audioSegment: null,
		timestamp: keyframe.timestampMs,
	};
}

/** The `image` / `keyframe` pair a label or a candidate carries: exactly one is set. */
export function imageOrKeyframe(item: VisualItem) {
	return item.kind === 'image'
		? { image: toImage(item.asset), keyframe: null }
		: { image: null, keyframe: toKeyframe(item.keyframe) };
}

/** `ConceptLabel` */
export function toConceptLabel(label: LabelRecord, item: VisualItem | undefined) {
	return {
		createdUserId: label.createdBy,
		createdDt: iso(label.createdAt),
		updatedUserId: label.updatedBy,
		updatedDt: iso(label.updatedAt),
		labelId: label.id,
		label: label.label,
		...(item ? imageOrKeyframe(item) : { image: null, keyframe: null }),
	};
}

/** `PagedMetaResponse`: camelCase page details, links and sort. */
export function pagedMeta(path: string, offset: number, limit: number, total: number, extraQuery = '') {
	const link = (at: number) => `${path}?offset=${at}&limit=${limit}${extraQuery}`;
	const lastOffset = Math.max(0, (Math.ceil(total / limit) - 1) * limit);
	return {
		page: {
			currentPage: Math.floor(offset / limit) + 1,
			lastPage: Math.max(1, Math.ceil(total / limit)),
			limit,
			offset,
			total,
		},
		links: {
			prev: offset > 0 ? link(Math.max(0, offset - limit)) : null,
			next: offset + limit < total ? link(offset + limit) : null,
			first: link(0),
			last: link(lastOffset),
		},
		sort: [{ direction: 'asc', field: 'createdDt' }],
	};
}
