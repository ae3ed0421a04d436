import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchDatasets } from '../shared/methods/listSearch';
import { toolDescriptionProperties } from '../shared/aiTool';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as dataset from './actions/dataset/Dataset.resource';
import * as encoder from './actions/encoder/Encoder.resource';

const OPERATIONS: OperationMap = { dataset: dataset.operations, encoder: encoder.operations };

const PROPERTIES: INodeProperties[] = [
	...toolDescriptionProperties(OPERATIONS),
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Dataset', value: 'dataset' },
			{ name: 'Encoder', value: 'encoder' },
		],
		default: 'dataset',
	},
	...dataset.description,
	...encoder.description,
	...parallelRequestsProperties(OPERATIONS),
];

export class MediaAnalysisDatasets implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Datasets',
		name: 'mediaAnalysisDatasets',
		icon: { light: 'file:../../icons/datasets.svg', dark: 'file:../../icons/datasets.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Create, list, update and delete datasets of images and videos',
		defaults: { name: 'Media Analysis Datasets' },
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
