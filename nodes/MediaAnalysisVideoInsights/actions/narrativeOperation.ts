import type { IDataObject } from 'n8n-workflow';
import type { Item } from '../../shared/item';
import type { Run } from '../../shared/run';

import { type EndpointId, type RequestOf } from '../../shared/endpoints';
import { withInputFields } from '../../shared/inputFields';
import type { ItemOperation } from '../../shared/router';
import {
	compositeSliceField,
	contextField,
	includeInputFields,
	readContext,
	targetRequest,
	videoFields,
} from './fields';

/** The endpoints that generate or predict something about a whole video or a composite slice, from an optional context. */
type NarrativeEndpoint = {
	[K in EndpointId]: RequestOf<K> extends { video_context?: unknown } | { composite_slice_context?: unknown }
		? K
		: never;
}[EndpointId];

export interface NarrativeSpec {
	resource: 'video' | 'compositeSlice';
	endpoint: NarrativeEndpoint;
	/** For the Tool Description: what it does ("Writes a short summary of …") and what the item holds ("the summary"). */
	does: string;
	returns: string;
}

/** What a model reads about the operation when the node runs as an AI tool: what it does, needs and returns. */
function toolText({ resource, does, returns }: NarrativeSpec): string {
	const slice = resource === 'compositeSlice';
	const dataset = 'the dataset (its ID, a UUID, or its exact name)';
	const video = 'the video ID (a UUID, as the video search returns it)';
	const needs = slice
		? `${dataset}, ${video} and the composite slice ID (a UUID, the id of a slice Search Within Video returns)`
		: `${dataset} and ${video}`;
	const names = slice ? 'dataset_id, video_id and composite_slice_id' : 'dataset_id and video_id';
	return `${does} Needs ${needs}; optionally a few words of context about the ${slice ? 'slice' : 'video'}. Returns ${returns}, with ${names}.`;
}

/**
 * One operation of the Video or Composite Slice resource: which video (and slice), an optional context, and Include
 * Input Fields. The service answers at once; the output item names the video (dataset_id, video_id and, for a slice,
 * composite_slice_id) before the answer's fields (summary, description, synopsis, genres, moods, subjects or formats),
 * so it goes straight into Ingestion › Update Metadata.
 */
export function narrativeOperation(spec: NarrativeSpec): Omit<ItemOperation, 'option'> & { toolDescription: string } {
	const slice = spec.resource === 'compositeSlice';
	return {
		toolDescription: toolText(spec),
		description: [
			...videoFields,
			...(slice ? [compositeSliceField] : []),
			contextField(slice ? 'slice' : 'video'),
			includeInputFields,
		],
		async execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
			const request = await targetRequest(item, slice);
			const context = readContext(item, slice);
			// Always a body: n8n sends none for an empty object, and the document does not say the body may be left out.
			const body = slice ? { composite_slice_context: context ?? null } : { video_context: context ?? null };
			const response = await run.call(spec.endpoint, { ...request, body: body as RequestOf<NarrativeEndpoint> });
			const include = item.param('includeInputFields', false);
			const input = item.context.getInputData()[itemIndex]?.json ?? {};
			return withInputFields(include, input, { ...request.params, ...response });
		},
	};
}
