import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { toolDescriptionProperties } from '../shared/aiTool';
import { searchDatasets } from '../shared/methods/listSearch';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as classification from './actions/classification/Classification.resource';
import * as concept from './actions/concept/Concept.resource';
import * as label from './actions/label/Label.resource';
import { getConcepts, searchConcepts } from './methods/conceptLists';

const OPERATIONS: OperationMap = {
	classification: classification.operations,
	concept: concept.operations,
	label: label.operations,
};

const PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Classification', value: 'classification' },
			{ name: 'Concept', value: 'concept' },
			{ name: 'Label', value: 'label' },
		],
		default: 'concept',
	},
	...classification.description,
	...concept.description,
	...label.description,
	...toolDescriptionProperties(OPERATIONS),
	...parallelRequestsProperties(OPERATIONS),
];

export class MediaAnalysisConcepts implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Concepts',
		name: 'mediaAnalysisConcepts',
		icon: { light: 'file:../../icons/concepts.svg', dark: 'file:../../icons/concepts.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Train visual concepts from labeled images and classify images with them',
		defaults: { name: 'Media Analysis Concepts' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: PROPERTIES,
	};

	methods = { listSearch: { searchConcepts, searchDatasets }, loadOptions: { getConcepts } };

	async execute(this: IExecuteFunctions) {
		return await route.call(this, OPERATIONS);
	}
}
