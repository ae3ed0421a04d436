import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchConnections, searchDatasets } from '../shared/methods/listSearch';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as query from './actions/query/Query.resource';
import { searchEmbeddings, searchQueries } from './methods/listSearch';

const OPERATIONS: OperationMap = { query: query.operations };

const PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [{ name: 'Query', value: 'query' }],
		default: 'query',
	},
	...query.description,
	...parallelRequestsProperties(OPERATIONS),
];

export class MediaAnalysisQueries implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Queries',
		name: 'mediaAnalysisQueries',
		icon: { light: 'file:../../icons/queries.svg', dark: 'file:../../icons/queries.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Run SQL or natural-language queries over Media Analysis datasets, wait for them, and read or export their results. Returns the query with its status, or one item per result row.',
		defaults: { name: 'Media Analysis Queries' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: PROPERTIES,
	};

	methods = { listSearch: { searchConnections, searchDatasets, searchEmbeddings, searchQueries } };

	async execute(this: IExecuteFunctions) {
		return await route.call(this, OPERATIONS);
	}
}
