import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchDatasets, searchVideos } from '../shared/methods/listSearch';
import { toolDescriptionProperties } from '../shared/aiTool';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as tagGroup from './actions/tagGroup/TagGroup.resource';
import * as tagScore from './actions/tagScore/TagScore.resource';

import { searchGroupTags, searchTagGroups, searchTagVersions } from './methods/listSearch';

const OPERATIONS: OperationMap = { tagGroup: tagGroup.operations, tagScore: tagScore.operations };

const PROPERTIES: INodeProperties[] = [
	...toolDescriptionProperties(OPERATIONS),
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Tag Group', value: 'tagGroup' },
			{ name: 'Tag Score', value: 'tagScore' },
		],
		default: 'tagGroup',
	},
	...tagGroup.description,
	...tagScore.description,
	...parallelRequestsProperties(OPERATIONS),
];

export class MediaAnalysisDynamicTags implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Dynamic Tags',
		name: 'mediaAnalysisDynamicTags',
		icon: { light: 'file:../../icons/dynamic-tags.svg', dark: 'file:../../icons/dynamic-tags.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Read dynamic tag groups and the scores of their tags on videos',
		defaults: { name: 'Media Analysis Dynamic Tags' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: PROPERTIES,
	};

	methods = { listSearch: { searchDatasets, searchGroupTags, searchTagGroups, searchTagVersions, searchVideos } };

	async execute(this: IExecuteFunctions) {
		return await route.call(this, OPERATIONS);
	}
}
