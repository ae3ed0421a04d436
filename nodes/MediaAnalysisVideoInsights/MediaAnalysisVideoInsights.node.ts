import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { toolDescriptionProperties } from '../shared/aiTool';
import { searchDatasets, searchVideos } from '../shared/methods/listSearch';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import { labelledSubtitle } from '../shared/subtitle';
import * as compositeSlice from './actions/compositeSlice/CompositeSlice.resource';
import * as term from './actions/term/Term.resource';
import * as video from './actions/video/Video.resource';
import { searchCompositeSlices, searchTerms } from './methods/listSearch';

const OPERATIONS: OperationMap = {
	video: video.operations,
	compositeSlice: compositeSlice.operations,
	term: term.operations,
};

const PROPERTIES: INodeProperties[] = [
	...toolDescriptionProperties(OPERATIONS),
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Composite Slice', value: 'compositeSlice', description: 'One shot, scene or segment of a video' },
			{ name: 'Video', value: 'video', description: 'A whole video of a dataset' },
			{
				name: 'Vocabulary Term',
				value: 'term',
				description: 'Your own genres, moods, subjects and formats, which predictions can name',
			},
		],
		default: 'video',
	},
	...video.description,
	...compositeSlice.description,
	...term.description,
	...parallelRequestsProperties(OPERATIONS),
];

export class MediaAnalysisVideoInsights implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Video Insights',
		name: 'mediaAnalysisVideoInsights',
		icon: { light: 'file:../../icons/video-insights.svg', dark: 'file:../../icons/video-insights.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Summarize videos, predict their genres and moods, and caption their keyframes',
		defaults: { name: 'Media Analysis Video Insights' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: PROPERTIES,
	};

	methods = { listSearch: { searchCompositeSlices, searchDatasets, searchTerms, searchVideos } };

	async execute(this: IExecuteFunctions) {
		return await route.call(this, OPERATIONS);
	}
}
