import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchConnections } from '../shared/methods/listSearch';
import { toolDescriptionProperties } from '../shared/aiTool';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as connection from './actions/connection/Connection.resource';

const OPERATIONS: OperationMap = { connection: connection.operations };

const PROPERTIES: INodeProperties[] = [
	...toolDescriptionProperties(OPERATIONS),
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [{ name: 'Connection', value: 'connection' }],
		default: 'connection',
	},
	...connection.description,
	...parallelRequestsProperties(OPERATIONS),
];

export class MediaAnalysisConnections implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Connections',
		name: 'mediaAnalysisConnections',
		icon: { light: 'file:../../icons/connections.svg', dark: 'file:../../icons/connections.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Connect storage buckets, test them and list the files they hold',
		defaults: { name: 'Media Analysis Connections' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: PROPERTIES,
	};

	methods = { listSearch: { searchConnections } };

	async execute(this: IExecuteFunctions) {
		return await route.call(this, OPERATIONS, { secretParameters: ['password', 'bearerToken'] });
	}
}
