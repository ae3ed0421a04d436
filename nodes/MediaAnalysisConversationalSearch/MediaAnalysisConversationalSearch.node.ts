import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchDatasets } from '../shared/methods/listSearch';
import { toolDescriptionProperties } from '../shared/aiTool';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as chat from './actions/chat/Chat.resource';

const OPERATIONS: OperationMap = { chat: chat.operations };

const PROPERTIES: INodeProperties[] = [
	...toolDescriptionProperties(OPERATIONS),
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [{ name: 'Chat', value: 'chat' }],
		default: 'chat',
	},
	...chat.description,
	...parallelRequestsProperties(OPERATIONS),
];

export class MediaAnalysisConversationalSearch implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Conversational Search',
		name: 'mediaAnalysisConversationalSearch',
		icon: {
			light: 'file:../../icons/conversational-search.svg',
			dark: 'file:../../icons/conversational-search.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Ask questions about your videos in plain language and get answers',
		defaults: { name: 'Media Analysis Conversational Search' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: PROPERTIES,
	};

	methods = { listSearch: { searchDatasets } };

	async execute(this: IExecuteFunctions) {
		return await route.call(this, OPERATIONS);
	}
}
