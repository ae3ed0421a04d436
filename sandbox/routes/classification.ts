import { classifyUrl, conceptsOf, type ConceptRecord } from '../concepts/model';
import { classifyImageAtUrl } from '../concepts/contract';
import { operation } from '../contract';
import { HttpError, jsonReply } from '../http';
import { assetOutcome } from '../ingestion/rules';
import { findConcept, namedLiveDataset, type RouteDefinition } from './route';

/**
 * Why the service could not classify the file at `url`, or undefined when it is an image it can download. It is read
 * off the address by the ingestion rules (the sandbox downloads nothing): only http(s) addresses, none the rules call
 * broken, and the file must be an image (`.pdf`, `.txt`, `.mp4` are not; no extension is taken as an image).
 */
function notClassifiable(url: string): string | undefined {
	if (!/^https?:\/\//i.test(url)) return 'not an http or https URL';
	return assetOutcome(url, 'image', ['image'], false).error?.reason;
}

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
			concepts = conceptsOf(context.store.concepts, datasetId);
		}
		// NOTES.md, Errors: classification errors are ErrorResponse; a file that is not an image is the client's (400).
		const problem = notClassifiable(body.url);
		if (problem) throw new HttpError(400, `Cannot classify ${body.url}: ${problem}`);
		// "Threshold above which classification is positive": a score equal to the threshold is not positive.
		const scores = concepts.map((concept) => {
			const score = classifyUrl(context.store.concepts, context.store.assets, concept, body.url);
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
