import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchDatasets } from '../shared/methods/listSearch';
import { actionNode } from '../shared/node';
import * as chat from './actions/chat/Chat.resource';

const node = actionNode({
	displayName: 'Media Analysis Conversational Search',
	description: 'Ask questions about your videos in plain language and get answers',
	resources: { chat },
	defaultResource: 'chat',
});

export class MediaAnalysisConversationalSearch implements INodeType {
	description: INodeTypeDescription = {
		...node.description,
		icon: {
			light: 'file:../../icons/conversational-search.svg',
			dark: 'file:../../icons/conversational-search.dark.svg',
		},
		subtitle: node.subtitle,
		usableAsTool: true,
	};

	methods = { listSearch: { searchDatasets } };

	execute = node.execute;
}
