import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchConnections } from '../shared/methods/listSearch';
import { actionNode } from '../shared/node';
import * as connection from './actions/connection/Connection.resource';

const node = actionNode({
	displayName: 'Media Analysis Connections',
	description: 'Connect storage buckets, test them and list the files they hold',
	resources: { connection },
	defaultResource: 'connection',
	secretParameters: ['password', 'bearerToken'],
});

export class MediaAnalysisConnections implements INodeType {
	description: INodeTypeDescription = {
		...node.description,
		icon: { light: 'file:../../icons/connections.svg', dark: 'file:../../icons/connections.dark.svg' },
		subtitle: node.subtitle,
		usableAsTool: true,
	};

	methods = { listSearch: { searchConnections } };

	execute = node.execute;
}
