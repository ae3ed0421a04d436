import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchDatasets, searchVideos } from '../shared/methods/listSearch';
import { actionNode } from '../shared/node';
import * as tagGroup from './actions/tagGroup/TagGroup.resource';
import * as tagScore from './actions/tagScore/TagScore.resource';
import { searchGroupTags, searchTagGroups, searchTagVersions } from './methods/listSearch';

const node = actionNode({
	displayName: 'Media Analysis Dynamic Tags',
	description: 'Read dynamic tag groups and the scores of their tags on videos',
	resources: { tagGroup, tagScore },
	defaultResource: 'tagGroup',
});

export class MediaAnalysisDynamicTags implements INodeType {
	description: INodeTypeDescription = {
		...node.description,
		icon: { light: 'file:../../icons/dynamic-tags.svg', dark: 'file:../../icons/dynamic-tags.dark.svg' },
		subtitle: node.subtitle,
		usableAsTool: true,
	};

	methods = { listSearch: { searchDatasets, searchGroupTags, searchTagGroups, searchTagVersions, searchVideos } };

	execute = node.execute;
}
