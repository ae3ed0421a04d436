import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchDatasets, searchVideos } from '../shared/methods/listSearch';
import { toolDescriptionProperties } from '../shared/aiTool';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import { searchAudioClasses } from './actions/audioClasses';
import * as filteredSearch from './actions/filteredSearch/FilteredSearch.resource';
import * as image from './actions/image/Image.resource';
import * as keyframe from './actions/keyframe/Keyframe.resource';
import * as sound from './actions/sound/Sound.resource';
import * as transcript from './actions/transcript/Transcript.resource';
import * as video from './actions/video/Video.resource';

const OPERATIONS: OperationMap = {
	filteredSearch: filteredSearch.operations,
	image: image.operations,
	keyframe: keyframe.operations,
	sound: sound.operations,
	transcript: transcript.operations,
	video: video.operations,
};

const PROPERTIES: INodeProperties[] = [
	...toolDescriptionProperties(OPERATIONS),
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Filtered Search', value: 'filteredSearch' },
			{ name: 'Image', value: 'image' },
			{ name: 'Keyframe', value: 'keyframe' },
			{ name: 'Sound', value: 'sound' },
			{ name: 'Transcript', value: 'transcript' },
			{ name: 'Video', value: 'video' },
		],
		default: 'image',
	},
	...filteredSearch.description,
	...image.description,
	...keyframe.description,
	...sound.description,
	...transcript.description,
	...video.description,
	...parallelRequestsProperties(OPERATIONS),
];

export class MediaAnalysisSearch implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Search',
		name: 'mediaAnalysisSearch',
		icon: { light: 'file:../../icons/search.svg', dark: 'file:../../icons/search.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Find images, video moments, transcripts and sounds by text, image or person',
		defaults: { name: 'Media Analysis Search' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: PROPERTIES,
	};

	methods = { listSearch: { searchAudioClasses, searchDatasets, searchVideos } };

	async execute(this: IExecuteFunctions) {
		return await route.call(this, OPERATIONS);
	}
}
