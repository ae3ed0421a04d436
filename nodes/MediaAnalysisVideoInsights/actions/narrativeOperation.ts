import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { callEndpoint, type EndpointId, type RequestOf } from '../../shared/endpoints';
import { withInputFields } from '../../shared/inputFields';
import type { ItemOperation } from '../../shared/router';
import {
	compositeSliceField,
	contextField,
	explainNotFound,
	includeInputFields,
	readContext,
	readTarget,
	videoFields,
} from './fields';

/** The endpoints that generate or predict something about a whole video or a composite slice, from an optional context. */
type NarrativeEndpoint = {
	[K in EndpointId]: RequestOf<K> extends { video_context?: unknown } | { composite_slice_context?: unknown } ? K : never;
}[EndpointId];

export interface NarrativeSpec {
	resource: 'video' | 'compositeSlice';
	operation: string;
	endpoint: NarrativeEndpoint;
}

/**
 * One operation of the Video or Composite Slice resource: which video (and slice), an optional context, and Include
 * Input Fields. The service answers at once; the output item names the video (dataset_id, video_id and, for a slice,
 * composite_slice_id) before the answer's fields (summary, description, synopsis, genres, moods, subjects or formats),
 * so it goes straight into Ingestion › Update Metadata.
 */
export function narrativeOperation({ resource, operation, endpoint }: NarrativeSpec): ItemOperation {
	const slice = resource === 'compositeSlice';
	const properties: INodeProperties[] = [
		...videoFields,
		...(slice ? [compositeSliceField] : []),
		contextField(slice ? 'slice' : 'video'),
		includeInputFields,
	];
	return {
		description: updateDisplayOptions({ show: { resource: [resource], operation: [operation] } }, properties),
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
			const target = await readTarget.call(this, itemIndex, slice);
			const context = readContext.call(this, itemIndex, slice);
			// Always a body: n8n sends none for an empty object, and the document does not say the body may be left out.
			const body = slice ? { composite_slice_context: context ?? null } : { video_context: context ?? null };
			const response = await callEndpoint(this, endpoint, {
				params: target.params,
				body: body as RequestOf<NarrativeEndpoint>,
				itemIndex,
				explain: explainNotFound(target),
			});
			const include = this.getNodeParameter('includeInputFields', itemIndex, false) as boolean;
			return withInputFields(include, this.getInputData()[itemIndex]?.json ?? {}, { ...target.names, ...response });
		},
	};
}
