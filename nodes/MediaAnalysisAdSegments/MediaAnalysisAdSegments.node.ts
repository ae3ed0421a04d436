import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchDatasets } from '../shared/methods/listSearch';
import { toolDescriptionProperties } from '../shared/aiTool';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as adSegment from './actions/adSegment/AdSegment.resource';

const OPERATIONS: OperationMap = { adSegment: adSegment.operations };

const PROPERTIES: INodeProperties[] = [
	...toolDescriptionProperties(OPERATIONS),
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [{ name: 'Ad Segment', value: 'adSegment' }],
		default: 'adSegment',
	},
	...adSegment.description,
	...parallelRequestsProperties(OPERATIONS),
];

export class MediaAnalysisAdSegments implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Ad Segments',
		name: 'mediaAnalysisAdSegments',
		icon: { light: 'file:../../icons/ad-segments.svg', dark: 'file:../../icons/ad-segments.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Create, get and delete the ad segments of your videos',
		defaults: { name: 'Media Analysis Ad Segments' },
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
