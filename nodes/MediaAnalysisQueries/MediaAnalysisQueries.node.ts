import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchConnections, searchDatasets } from '../shared/methods/listSearch';
import { actionNode } from '../shared/node';
import * as query from './actions/query/Query.resource';
import * as table from './actions/table/Table.resource';
import { searchConceptNames, searchEmbeddings, searchQueries, searchTables } from './methods/listSearch';

const node = actionNode({
	displayName: 'Media Analysis Queries',
	description: 'Run SQL or plain-language queries over your datasets and read the results',
	resources: { query, table },
	defaultResource: 'query',
	// 2: Run Query waits and outputs the result rows by default; Get Concept Scores.
	versions: [1, 2],
});

export class MediaAnalysisQueries implements INodeType {
	description: INodeTypeDescription = {
		...node.description,
		icon: { light: 'file:../../icons/queries.svg', dark: 'file:../../icons/queries.dark.svg' },
		subtitle: node.subtitle,
		usableAsTool: true,
	};

	methods = {
		listSearch: {
			searchConceptNames,
			searchConnections,
			searchDatasets,
			searchEmbeddings,
			searchQueries,
			searchTables,
		},
	};

	execute = node.execute;
}
