import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { VideoSearchRequest } from '../../../shared/api';
import { datasetLocator, returnAllOrLimit } from '../../../shared/descriptions';
import { resolveDatasetId } from '../../../shared/readers';
import {
	MAX_SEARCH_LIMIT,
	getMetadataFilters,
	getTextQuery,
	metadataFiltersField,
	moderationScoreTypeOption,
	optionsCollection,
	skipModerationOption,
	textQueryField,
} from '../fields';
import { paginateSearch } from '../paginateSearch';

const properties: INodeProperties[] = [
	datasetLocator({}, { byName: true }),
	textQueryField({ placeholder: 'e.g. person walking in a park' }),
	...returnAllOrLimit(MAX_SEARCH_LIMIT, { toolLimit: true }),
	metadataFiltersField,
	optionsCollection([
		{
			displayName: 'Ignore Keyframes',
			name: 'ignoreKeyframes',
			type: 'boolean',
			default: false,
			description: 'Whether to leave out the preview keyframe of each video',
		},
		{
			displayName: 'Match On',
			name: 'modality',
			type: 'options',
			options: [
				{ name: 'Capped Shot Segments', value: 'capped-shot-segment' },
				{ name: 'Frames', value: 'image', description: 'Videos with a single frame like the query' },
				{ name: 'Shots', value: 'shot', description: 'Videos with a scene like the query' },
				{ name: 'Spoken Words', value: 'audio_speech_to_text', description: 'What is said in the video' },
				{ name: 'Whole Video', value: 'video', description: 'The video as a whole (the service default)' },
			],
			default: 'video',
		},
		moderationScoreTypeOption,
		skipModerationOption,
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['video'], operation: ['search'] } }, properties);

/** One result per video, best first, with its most relevant shot, a preview frame and its metadata; Limit is 1 to 1000. */
export const toolDescription =
	'Finds the videos of one dataset that best match a description in words, one result per video, best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name) and the words to look for. Returns each video with its video_id, source_path, score and its best shot and keyframe.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body: VideoSearchRequest = {
		dataset_id: await resolveDatasetId.call(this, itemIndex),
		text_query: getTextQuery.call(this, itemIndex),
	};
	if (options.modality !== undefined) body.modality = options.modality as VideoSearchRequest['modality'];
	if (options.ignoreKeyframes !== undefined) body.ignore_keyframes = options.ignoreKeyframes as boolean;
	if (options.skipModeration !== undefined) body.skip_moderation = options.skipModeration as boolean;
	if (options.moderationScoreType !== undefined) {
		body.moderation_score_type = options.moderationScoreType as VideoSearchRequest['moderation_score_type'];
	}
	const metadataFilters = getMetadataFilters.call(this, itemIndex, { bothDateEnds: true });
	if (metadataFilters) body.metadata_filters = metadataFilters as VideoSearchRequest['metadata_filters'];
	const results = await paginateSearch.call(this, itemIndex, 'search.searchVideos', body, MAX_SEARCH_LIMIT);
	return results.map(withPlainMetadata);
}

/**
 * Video search wraps each video's metadata as `{data: {...}}`; every other search gives the fields themselves. The
 * fields are lifted out so that `metadata.campaign` reads the same whichever search found the asset.
 */
function withPlainMetadata(result: IDataObject): IDataObject {
	const metadata = result.metadata as IDataObject | null | undefined;
	const data = metadata?.data;
	if (!data || typeof data !== 'object' || Array.isArray(data) || Object.keys(metadata).length !== 1) return result;
	return { ...result, metadata: data as IDataObject };
}
