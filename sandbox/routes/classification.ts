import { urlScore, type ConceptRecord } from '../concepts/model';
import { classifyImageAtUrl } from '../concepts/contract';
import { operation } from '../contract';
import { HttpError, jsonReply } from '../http';
import { findConcept, namedLiveDataset, type RouteDefinition } from './route';

export const classificationRoutes: RouteDefinition[] = [
	operation('classify-image-at-url', classifyImageAtUrl, (context, { query, body }) => {
		let concepts: ConceptRecord[];
		if (body.conceptIds?.length) {
			concepts = body.conceptIds.map((id) => findConcept(context.store, id));
			if (body.datasetId && concepts.some((concept) => concept.datasetId !== body.datasetId)) {
				throw new HttpError(404, `Concept not found in dataset ${body.datasetId}`);
			}
		} else {
			const datasetId = body.datasetId as string;
			namedLiveDataset(context.store, datasetId);
			concepts = [...context.store.concepts.concepts.values()]
				.filter((concept) => concept.datasetId === datasetId)
				.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
		}
		// "Threshold above which classification is positive": a score equal to the threshold is not positive.
		const scores = concepts.map((concept) => {
			const score = urlScore(concept, body.url);
			return {
				conceptName: concept.name,
				conceptId: concept.id,
				threshold: query.threshold,
				positive: score > query.threshold,
				score,
			};
		});
		return jsonReply(200, { scores });
	}),
];
