import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { Run } from '../../shared/run';

import { chosenUuid } from '../../shared/methods/listSearch';

const COMPOSITE_TYPES = ['shot', 'scene', 'segment'] as const;
const TERM_TYPES = ['genre', 'mood', 'subject', 'format'] as const;
/** Slices asked for per kind: a video of an hour has 360 ten-second shots, more than anyone scrolls. */
const SLICES_PER_TYPE = 100;

const chosen = (context: ILoadOptionsFunctions, parameter: string, what: string) =>
	chosenUuid(
		context,
		parameter,
		what,
		'The list shows the slices of the video chosen above, From List or By ID (a dataset given By Name is looked up only when the node runs: give the slice By ID).',
	);

const clock = (ms: number | null | undefined) => {
	const seconds = Math.round((ms ?? 0) / 1000);
	return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * "From list" for a composite slice of the chosen video: its shots, scenes and segments (the service's drill-down of
 * one video, one request per kind), ranked by the words typed; a slice listed under two kinds shows once.
 */
export async function searchCompositeSlices(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const datasetId = chosen(this, 'datasetId', 'dataset');
	const videoId = chosen(this, 'videoId', 'video');
	const results: INodeListSearchItems[] = [];
	const seen = new Set<string>();
	for (const compositeType of COMPOSITE_TYPES) {
		const response = await new Run(this).call('search.getVideoDetails', {
			qs: {
				dataset_id: datasetId,
				video_id: videoId,
				text_query: filter?.trim() ?? '',
				composite_type: compositeType,
				limit: SLICES_PER_TYPE,
			},
		});
		const slices = filter?.trim()
			? response.slices
			: [...response.slices].sort((a, b) => (a.start_time_ms ?? 0) - (b.start_time_ms ?? 0));
		for (const slice of slices) {
			if (seen.has(slice.id)) continue;
			seen.add(slice.id);
			const kind = slice.composite_type ?? compositeType;
			results.push({
				name: `${kind[0].toUpperCase()}${kind.slice(1)} ${(slice.index ?? 0) + 1} (${clock(slice.start_time_ms)}-${clock(slice.end_time_ms)})`,
				value: slice.id,
			});
		}
	}
	return { results };
}

/** "From list" for a vocabulary term: the terms of every type (one request per type), matched by the words typed. */
export async function searchTerms(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const text = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const metadataType of TERM_TYPES) {
		const { items } = await new Run(this).call('videoInsights.getMetadata', {
			qs: { metadata_type: metadataType },
		});
		for (const term of items) {
			if (text && !term.name.toLowerCase().includes(text) && term.id !== text) continue;
			results.push({ name: `${term.name} (${term.metadata_type})`, value: term.id, description: term.description });
		}
	}
	return { results };
}
