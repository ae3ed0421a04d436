import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { datasetLocator, videoLocator } from '../../../shared/descriptions';
import type { Item } from '../../../shared/item';
import { datasetNotFound } from '../../../shared/notFound';
import type { Run } from '../../../shared/run';
import { compositeTypeField, getOneRequestLimit, getTextQuery, oneRequestLimitFields, textQueryField } from '../fields';

export const option = {
	name: 'Search Within Video',
	description: 'Rank the shots or scenes of one video by a description',
	action: 'Search within a video',
};

export const description: INodeProperties[] = [
	datasetLocator(),
	videoLocator({ description: 'The video to search in' }),
	textQueryField({ placeholder: 'e.g. goal celebration' }),
	compositeTypeField('The kind of video slice to rank'),
	...oneRequestLimitFields(),
];

export const toolDescription =
	'Ranks the shots or scenes of one video by how well they match a description in words, best first, up to the Limit. Needs the dataset (its ID, a UUID, or its exact name), the video ID (a UUID, as the video search returns it) and the words. Returns each slice with its start and end times and score.';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const datasetId = await item.datasetId();
	const videoId = item.locatorUuid('videoId', 'Video');
	const response = await run.call('search.getVideoDetails', {
		qs: {
			dataset_id: datasetId,
			video_id: videoId,
			text_query: getTextQuery(item),
			composite_type: item.param<string>('compositeType', 'shot'),
			limit: getOneRequestLimit(item),
		},
		itemIndex,
		explain: (failure, details) =>
			failure.status === 404 && /video/i.test(details[0] ?? '')
				? {
						message: `Video ${videoId} not found in dataset ${datasetId}`,
						description:
							'Check the video ID, or choose the video "From list" after choosing its dataset; only fully ingested videos can be searched.',
					}
				: datasetNotFound(datasetId)(failure),
	});
	const { slices, ...video } = response;
	return slices.map((slice) => ({ ...video, ...slice }));
}
