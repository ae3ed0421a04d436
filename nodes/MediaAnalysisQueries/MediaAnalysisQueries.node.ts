import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchConnections, searchDatasets } from '../shared/methods/listSearch';
import { toolDescriptionProperties } from '../shared/aiTool';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as query from './actions/query/Query.resource';
import * as table from './actions/table/Table.resource';
import { searchEmbeddings, searchQueries, searchTables } from './methods/listSearch';

const OPERATIONS: OperationMap = { query: query.operations, table: table.operations };

const PROPERTIES: INodeProperties[] = [
	...toolDescriptionProperties(OPERATIONS),
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Query', value: 'query' },
			{ name: 'Table', value: 'table' },
		],
		default: 'query',
	},
	...query.description,
	...table.description,
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
		description: 'Run SQL or plain-language queries over your datasets and read the results',
		defaults: { name: 'Media Analysis Queries' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: PROPERTIES,
	};

	methods = {
		listSearch: { searchConnections, searchDatasets, searchEmbeddings, searchQueries, searchTables },
	};

	async execute(this: IExecuteFunctions) {
		return await route.call(this, OPERATIONS);
	}
}
