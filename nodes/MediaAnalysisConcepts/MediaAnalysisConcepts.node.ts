import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { toolDescriptionProperties } from '../shared/aiTool';
import { searchDatasets } from '../shared/methods/listSearch';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as classification from './actions/classification/Classification.resource';
import * as concept from './actions/concept/Concept.resource';
import * as label from './actions/label/Label.resource';
import { TOOLS_VERSION, VERSION_1_1 } from './actions/versions';
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
		// 1.1: Classify Image's flat output naming the asset, Include Input Fields, the concepts of a dataset to choose
		// from; 1.2: Limits of 10 as an AI tool (actions/versions.ts). Earlier versions keep their parameters and output.
		version: [1, VERSION_1_1, TOOLS_VERSION],
		defaultVersion: TOOLS_VERSION,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Create and train visual concepts with labels, and classify images against them. Classifying an image URL returns a score from 0 to 1 per concept and whether it counts as shown.',
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
