import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchDatasets, searchVideos } from '../shared/methods/listSearch';
import { actionNode } from '../shared/node';
import * as compositeSlice from './actions/compositeSlice/CompositeSlice.resource';
import * as term from './actions/term/Term.resource';
import * as video from './actions/video/Video.resource';
import { searchCompositeSlices, searchTerms } from './methods/listSearch';

const node = actionNode({
	displayName: 'Media Analysis Video Insights',
	description: 'Summarize videos, predict their genres and moods, and caption their keyframes',
	resources: { video, compositeSlice, term },
	resourceOptions: [
		{ name: 'Composite Slice', value: 'compositeSlice', description: 'One shot, scene or segment of a video' },
		{ name: 'Video', value: 'video', description: 'A whole video of a dataset' },
		{
			name: 'Vocabulary Term',
			value: 'term',
			description: 'Your own genres, moods, subjects and formats, which predictions can name',
		},
	],
	defaultResource: 'video',
});

export class MediaAnalysisVideoInsights implements INodeType {
	description: INodeTypeDescription = {
		...node.description,
		icon: { light: 'file:../../icons/video-insights.svg', dark: 'file:../../icons/video-insights.dark.svg' },
		subtitle: node.subtitle,
		usableAsTool: true,
	};

	methods = { listSearch: { searchCompositeSlices, searchDatasets, searchTerms, searchVideos } };

	execute = node.execute;
}
