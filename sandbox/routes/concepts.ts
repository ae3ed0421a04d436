import { randomUUID } from 'node:crypto';
import {
	conceptScore,
	toConcept,
	toConceptLabel,
	imageOrKeyframe,
	pagedMeta,
	type ConceptRecord,
	DEFAULT_CONCEPT_THRESHOLD,
	DEFAULT_REGULARIZATION,
} from '../concepts/model';
import { estimatePredictions } from '../concepts/estimation';
import {
	createConcept,
	labelCandidates,
	listConcepts,
	listLabels,
	MAX_PAGE_SIZE,
	predictionEstimation,
	updateConcept,
	updateLabels,
} from '../concepts/contract';
import { operation } from '../contract';
import type { DatasetRecord } from '../datasets/model';
import { HttpError, jsonReply } from '../http';
import { findVisualItem, visualItemId, visualItemsOf, type VisualItem } from '../search/media';
import { SCORED_TABLE_COLUMNS } from '../queries/tables';
import type { SandboxStore } from '../store';
import { validationError, type ValidationIssue } from '../validation';
import { findConcept, namedLiveDataset, principalOf, type RequestContext, type RouteDefinition } from './route';

/** Concept names become SQL column names (assumed rule: a letter or underscore first, then letters, digits, underscores). */
const CONCEPT_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export const conceptRoutes: RouteDefinition[] = [
	operation('create', createConcept, (context, { body }) => {
		assertConceptEncoder(namedLiveDataset(context.store, body.datasetId));
		assertConceptName(context.store, body.name, body.datasetId);
		const now = context.clock.now();
		const user = principalOf(context).userId;
		const concept: ConceptRecord = {
			id: randomUUID(),
			datasetId: body.datasetId,
			name: body.name,
			description: body.description ?? null,
			threshold: body.threshold ?? DEFAULT_CONCEPT_THRESHOLD,
			regularization: body.regularization ?? DEFAULT_REGULARIZATION,
			createdAt: now,
			createdBy: user,
			updatedAt: now,
			updatedBy: user,
		};
		context.store.concepts.concepts.set(concept.id, concept);
		return jsonReply(200, toConcept(concept));
	}),
	operation('list', listConcepts, (context, { query }) => {
		const datasets = query.datasets ?? [];
		for (const datasetId of datasets) namedLiveDataset(context.store, datasetId);
		const matching = [...context.store.concepts.concepts.values()]
			.filter((concept) => datasets.length === 0 || datasets.includes(concept.datasetId))
			.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
		const limit = Math.min(query.limit, MAX_PAGE_SIZE);
		const extra = datasets.map((id) => `&datasets=${id}`).join('');
		return jsonReply(200, {
			meta: pagedMeta('/api/v1/concepts', query.offset, limit, matching.length, extra),
			data: matching.slice(query.offset, query.offset + limit).map(toConcept),
		});
	}),
	operation('get', (context, { path }) => {
		return jsonReply(200, toConcept(findConcept(context.store, path.concept_id)));
	}),
	operation('update', updateConcept, (context, { path, body }) => {
		const concept = findConcept(context.store, path.concept_id);
		if (body.name != null && body.name !== concept.name) {
			assertConceptName(context.store, body.name, concept.datasetId, concept.id);
			concept.name = body.name;
		}
		// An omitted or null field is left as it is, except description, which null clears.
		if (body.description !== undefined) concept.description = body.description;
		if (body.threshold != null) concept.threshold = body.threshold;
		if (body.regularization != null) concept.regularization = body.regularization;
		touch(context, concept);
		return jsonReply(200, toConcept(concept));
	}),
	operation('delete', (context, { path }) => {
		const concept = findConcept(context.store, path.concept_id);
		context.store.concepts.delete(concept.id);
		return jsonReply(200, toConcept(concept));
	}),
	operation('get-labels', listLabels, (context, { path, query }) => {
		const concept = findConcept(context.store, path.concept_id);
		const include = query.labels_to_include ?? [];
		const labels = [...context.store.concepts.labelsOf(concept.id).values()].filter(
			(label) => include.length === 0 || include.includes(label.label),
		);
		const limit = Math.min(query.limit, MAX_PAGE_SIZE);
		const items = itemsById(context.store, concept.datasetId);
		const extra = include.map((value) => `&labels_to_include=${value}`).join('');
		return jsonReply(200, {
			meta: pagedMeta(`/api/v1/concepts/${concept.id}/labels`, query.offset, limit, labels.length, extra),
			data: labels
				.slice(query.offset, query.offset + limit)
				.map((label) => toConceptLabel(label, items.get(label.targetId))),
		});
	}),
	operation('update-labels', updateLabels, (context, { path, body }) => {
		const concept = findConcept(context.store, path.concept_id);
		// Resolve every target first, so a request naming an unknown image changes nothing.
		const issues: ValidationIssue[] = [];
		const targets = body.labels.map((request, index) => {
			const item = findVisualItem(context.store.assets, concept.datasetId, {
				id: request.coactiveImageId,
				path: request.imagePath,
			});
			if (!item) {
				const field = request.coactiveImageId ? 'coactiveImageId' : 'imagePath';
				issues.push({
					loc: ['body', 'labels', index, field],
					msg: `Value error, no searchable image or keyframe '${request.coactiveImageId ?? request.imagePath}' in the concept's dataset`,
					type: 'value_error',
				});
			}
			return item;
		});
		if (issues.length > 0) throw validationError(issues);

		const labels = context.store.concepts.labelsOf(concept.id);
		const now = context.clock.now();
		const user = principalOf(context).userId;
		body.labels.forEach((request, index) => {
			const id = visualItemId(targets[index] as VisualItem);
			const value = request.label ?? null;
			if (value === null) {
				labels.delete(id);
				return;
			}
			const existing = labels.get(id);
			if (existing) {
				existing.label = value;
				existing.updatedAt = now;
				existing.updatedBy = user;
			} else {
				labels.set(id, {
					id: randomUUID(),
					targetId: id,
					label: value,
					createdAt: now,
					createdBy: user,
					updatedAt: now,
					updatedBy: user,
				});
			}
		});
		// Assumed meaning of autosampledNumNegativeLabels: label that many unlabelled items with the lowest scores negative.
		const autosampled = body.autosampledNumNegativeLabels ?? 0;
		if (autosampled > 0) {
			const unlabelled = visualItemsOf(context.store.assets, concept.datasetId)
				.filter((item) => !labels.has(visualItemId(item)))
				.map((item) => ({ id: visualItemId(item), score: conceptScore(concept, item, labels) }))
				.sort((a, b) => a.score - b.score || a.id.localeCompare(b.id))
				.slice(0, autosampled);
			for (const { id } of unlabelled) {
				labels.set(id, {
					id: randomUUID(),
					targetId: id,
					label: 'negative',
					createdAt: now,
					createdBy: user,
					updatedAt: now,
					updatedBy: user,
				});
			}
		}
		touch(context, concept);
		return jsonReply(200, toConcept(concept));
	}),
	operation('get-label-candidates', labelCandidates, (context, { path, query }) => {
		const concept = findConcept(context.store, path.concept_id);
		const labels = context.store.concepts.labelsOf(concept.id);
		// The least certain unlabelled items first: scores closest to 0.5.
		const candidates = visualItemsOf(context.store.assets, concept.datasetId)
			.filter((item) => !labels.has(visualItemId(item)))
			.map((item) => ({ item, doubt: Math.abs(conceptScore(concept, item, labels) - 0.5) }))
			.sort((a, b) => a.doubt - b.doubt || visualItemId(a.item).localeCompare(visualItemId(b.item)))
			.slice(0, query.limit);
		return jsonReply(200, { data: candidates.map(({ item }) => imageOrKeyframe(item)) });
	}),
	operation('get-concept-prediction', predictionEstimation, (context, { path, query }) => {
		const concept = findConcept(context.store, path.concept_id);
		const labels = context.store.concepts.labelsOf(concept.id);
		const scores = visualItemsOf(context.store.assets, concept.datasetId).map((item) =>
			conceptScore(concept, item, labels),
		);
		return jsonReply(
			200,
			estimatePredictions(scores, query.threshold, query.confidence_level, query.estimation_fidelity),
		);
	}),
];

/** The spec: concepts work with the tx-large2, tx-large3 and tx-large4 encoders (the status code is assumed). */
export const CONCEPT_ENCODERS: string[] = ['multimodal-tx-large2', 'multimodal-tx-large3', 'multimodal-tx-large4'];

function assertConceptEncoder(dataset: DatasetRecord): void {
	if (!CONCEPT_ENCODERS.includes(dataset.encoderName)) {
		throw new HttpError(
			400,
			`Concepts are not supported for datasets with encoder '${dataset.encoderName}'; use a dataset with ${CONCEPT_ENCODERS.join(', ')} on the v1 pipeline`,
		);
	}
}

/**
 * 400 "invalid concept name": not a valid SQL column name, a fixed column of the tables its scores become a column
 * of (`path`, `dataset_id`, …), or the name of another concept of the same dataset ignoring case (SQL column names
 * ignore case).
 */
function assertConceptName(store: SandboxStore, name: string, datasetId: string, renamedId?: string): void {
	if (!CONCEPT_NAME.test(name)) {
		throw new HttpError(
			400,
			`Invalid concept name '${name}': use letters, digits and underscores, starting with a letter or underscore, at most 63 characters`,
		);
	}
	if (SCORED_TABLE_COLUMNS.has(name.toLowerCase())) {
		throw new HttpError(
			400,
			`Invalid concept name '${name}': it is a column of the images and keyframes tables, where each concept is a column`,
		);
	}
	for (const concept of store.concepts.concepts.values()) {
		if (
			concept.datasetId === datasetId &&
			concept.id !== renamedId &&
			concept.name.toLowerCase() === name.toLowerCase()
		) {
			throw new HttpError(
				400,
				`Invalid concept name '${name}': a concept with this name already exists in the dataset`,
			);
		}
	}
}

function touch(context: RequestContext, concept: ConceptRecord): void {
	concept.updatedAt = context.clock.now();
	concept.updatedBy = principalOf(context).userId;
}

function itemsById(store: SandboxStore, datasetId: string): Map<string, VisualItem> {
	return new Map(visualItemsOf(store.assets, datasetId).map((item) => [visualItemId(item), item]));
}
