import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { RequestOf } from '../../../shared/endpoints';
import { datasetLocator, returnAllOrLimit } from '../../../shared/descriptions';
import { resolveDatasetId } from '../../../shared/readers';
import { audioClassLocator, getAudioClass } from '../audioClasses';
import {
	commonSearchOptions,
	getMetadataFilters,
	metadataFiltersField,
	moderationScoreTypeOption,
	optionsCollection,
	skipModerationOption,
} from '../fields';
import { paginateSearch } from '../paginateSearch';

const properties: INodeProperties[] = [
	datasetLocator({}, { byName: true }),
	audioClassLocator,
	...returnAllOrLimit(undefined, { toolLimit: true }),
	metadataFiltersField,
	optionsCollection([moderationScoreTypeOption, skipModerationOption]),
];

export const description = updateDisplayOptions({ show: { resource: ['sound'], operation: ['search'] } }, properties);

export const toolDescription =
	'Finds the moments in the videos of one dataset where a sound is heard (e.g. Dog, Music, Applause, Speech: one of the 527 AudioSet sound classes), best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name) and the sound class. Returns each moment with its video (coactive_video_id, path), start_time_ms, end_time_ms and score.';

/** Video segments where the sound class is heard, best first; one item each, naming its video. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body: RequestOf<'search.audioSoundSearch'> = {
		dataset_id: await resolveDatasetId.call(this, itemIndex),
		audio_class: getAudioClass.call(this, itemIndex),
		...(commonSearchOptions(this.getNodeParameter('options', itemIndex, {}) as IDataObject) as Partial<
			RequestOf<'search.audioSoundSearch'>
		>),
	};
	const metadataFilters = getMetadataFilters.call(this, itemIndex);
	if (metadataFilters) body.metadata_filters = metadataFilters;
	const results = await paginateSearch.call(this, itemIndex, 'search.audioSoundSearch', body);
	return results.map((result) => ({ audio_class: body.audio_class, ...result }));
}
