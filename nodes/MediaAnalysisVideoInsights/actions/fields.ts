import type { INodeProperties } from 'n8n-workflow';

import { datasetLocator, textField, uuidMode, videoLocator } from '../../shared/descriptions';
import { includeInputFieldsProperty } from '../../shared/inputFields';
import type { Item } from '../../shared/item';
import { listLocator } from '../../shared/node';
import type { ApiRequest } from '../../shared/transport';

/**
 * The video (and, for a composite slice, the slice) an item is about: the endpoint path's values, which every output
 * item starts with.
 */
export type VideoTarget = Record<string, string> & {
	dataset_id: string;
	video_id: string;
	composite_slice_id?: string;
};

export const videoFields: INodeProperties[] = [
	datasetLocator({ description: 'The dataset that holds the video' }),
	videoLocator(),
];

export const compositeSliceField = listLocator(
	{
		displayName: 'Composite Slice',
		name: 'compositeSliceId',
		description:
			"A shot, scene or segment of the video (its ID, as Search › Search Within Video returns it). The list shows the video's slices; words typed rank them.",
	},
	'a shot, scene or segment',
	'searchCompositeSlices',
	[uuidMode('composite slice')],
);

/** The optional context of a whole video (`video_context`) or of a slice (`composite_slice_context`). */
export const contextField = (target: 'video' | 'slice'): INodeProperties =>
	textField(
		target === 'video' ? 'Video Context' : 'Slice Context',
		target === 'video' ? 'videoContext' : 'sliceContext',
		target === 'video'
			? 'e.g. Episode 3 of a cooking series for beginners'
			: 'e.g. The opening scene, before the title',
		`Optional: what the service should know about the ${target} beyond what it sees and hears. Leave empty to send none.`,
		{ typeOptions: { rows: 2 } },
	);

export const includeInputFields = includeInputFieldsProperty(
	"e.g. the trigger's event, or the summary a node before this one made",
);

/**
 * What every request on the item's video (and slice) carries: the path naming it, checked before anything is sent
 * (the dataset a name looked up, the video and the slice as UUIDs), the item, and what a 404 means.
 */
export async function targetRequest(item: Item, slice: boolean) {
	const params: VideoTarget = { dataset_id: await item.datasetId(), video_id: item.locatorUuid('videoId', 'Video') };
	if (slice) params.composite_slice_id = item.locatorUuid('compositeSliceId', 'Composite Slice');
	return { params, itemIndex: item.index, explain: explainNotFound(params) };
}

/** What a value is, in an error message: "a list", "an object", "a number", "a boolean". */
export function kindOf(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The context text, or undefined when empty; anything but text (from an expression) is refused. */
export function readContext(item: Item, slice: boolean): string | undefined {
	const { name, displayName: label } = contextField(slice ? 'slice' : 'video');
	const value = item.param<unknown>(name, '');
	if (value === null || value === undefined) return undefined;
	if (typeof value !== 'string') {
		throw item.invalid(label, `it is ${kindOf(value)}, not text`, `Give ${label} as text, or leave it empty.`);
	}
	return value.trim() || undefined;
}

/** What a 404 means here, by the service's detail: the slice in the video, the video in the dataset, or the dataset. */
function explainNotFound(target: VideoTarget): ApiRequest['explain'] {
	return ({ status }, details) => {
		if (status !== 404) return undefined;
		const detail = details[0] ?? '';
		if (target.composite_slice_id && /slice/i.test(detail)) {
			return {
				message: `Composite slice ${target.composite_slice_id} not found in video ${target.video_id}`,
				description:
					'Choose the slice From List after choosing the video, or copy its ID from Search › Search Within Video (the id of a slice) for this same video.',
			};
		}
		if (/video/i.test(detail)) {
			return {
				message: `Video ${target.video_id} not found in dataset ${target.dataset_id}`,
				description:
					'Check the video: choose it From List after choosing its dataset, or give the video_id of a video of that dataset. Only videos that have finished ingestion (status completed) can be described.',
			};
		}
		if (/dataset/i.test(detail)) {
			return {
				message: `Dataset ${target.dataset_id} not found`,
				description:
					'Check the dataset: it may be mistyped or deleted. Choosing the dataset "From list" shows what exists.',
			};
		}
		return undefined;
	};
}
