import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchDatasets, searchVideos } from '../shared/methods/listSearch';
import { actionNode } from '../shared/node';
import { searchAudioClasses } from './actions/audioClasses';
import * as filteredSearch from './actions/filteredSearch/FilteredSearch.resource';
import * as image from './actions/image/Image.resource';
import * as keyframe from './actions/keyframe/Keyframe.resource';
import * as sound from './actions/sound/Sound.resource';
import * as transcript from './actions/transcript/Transcript.resource';
import * as video from './actions/video/Video.resource';

const node = actionNode({
	displayName: 'Media Analysis Search',
	description: 'Find images, video moments, transcripts and sounds by text, image or person',
	resources: { filteredSearch, image, keyframe, sound, transcript, video },
	defaultResource: 'image',
});

export class MediaAnalysisSearch implements INodeType {
	description: INodeTypeDescription = {
		...node.description,
		icon: { light: 'file:../../icons/search.svg', dark: 'file:../../icons/search.dark.svg' },
		subtitle: node.subtitle,
		usableAsTool: true,
	};

	methods = { listSearch: { searchAudioClasses, searchDatasets, searchVideos } };

	execute = node.execute;
}
