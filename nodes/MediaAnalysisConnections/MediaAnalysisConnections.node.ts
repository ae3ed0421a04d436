import type { IExecuteFunctions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchConnections } from '../shared/methods/listSearch';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as connection from './actions/connection/Connection.resource';

const OPERATIONS: OperationMap = { connection: connection.operations };

export class MediaAnalysisConnections implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Connections',
		name: 'mediaAnalysisConnections',
		icon: { light: 'file:../../icons/connections.svg', dark: 'file:../../icons/connections.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Register external storage buckets with Media Analysis, test them, list their contents and get temporary credentials. Returns connections with their status, or one item per file in the bucket.',
		defaults: { name: 'Media Analysis Connections' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: [
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
		],
	};

	methods = { listSearch: { searchConnections } };

	async execute(this: IExecuteFunctions) {
		return await route.call(this, OPERATIONS, { secretParameters: ['password', 'bearerToken'] });
	}
}
