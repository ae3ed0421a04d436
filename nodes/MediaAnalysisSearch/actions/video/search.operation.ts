import type { IDataObject } from 'n8n-workflow';

import { MAX_SEARCH_LIMIT, moderationScoreTypeOption, skipModerationOption } from '../fields';
import { byText, searchOperation } from '../searchOperation';
import { booleanField } from '../../../shared/descriptions';

export const toolDescription =
	'Finds the videos of one dataset that best match a description in words, one result per video, best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name) and the words to look for. Returns each video with its video_id, source_path, score and its best shot and keyframe.';

export const option = {
	name: 'Search',
	description: 'Find videos that match a description, one result per video',
	action: 'Search videos by text',
};

export const { description, execute } = searchOperation({
	endpoint: 'search.searchVideos',
	...byText({ placeholder: 'e.g. person walking in a park' }),
	options: [
		booleanField('Ignore Keyframes', 'ignoreKeyframes', 'Whether to leave out the preview keyframe of each video'),
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
	],
	maxLimit: MAX_SEARCH_LIMIT,
	bothDateEnds: true,
	output: withPlainMetadata,
});

/** Video search alone wraps metadata as `{data: {...}}`: lifted out, `metadata.campaign` reads as in every search. */
function withPlainMetadata(result: IDataObject): IDataObject {
	const metadata = result.metadata as IDataObject | null | undefined;
	const data = metadata?.data;
	if (!data || typeof data !== 'object' || Array.isArray(data) || Object.keys(metadata).length !== 1) return result;
	return { ...result, metadata: data as IDataObject };
}
