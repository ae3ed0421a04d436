import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { toolDescriptionProperties } from '../shared/aiTool';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as face from './actions/face/Face.resource';
import * as image from './actions/image/Image.resource';
import * as person from './actions/person/Person.resource';
import { searchPersonImages, searchPersons } from './methods/listSearch';

const OPERATIONS: OperationMap = { face: face.operations, image: image.operations, person: person.operations };

const PROPERTIES: INodeProperties[] = [
	...toolDescriptionProperties(OPERATIONS),
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Face', value: 'face' },
			{ name: 'Image', value: 'image' },
			{ name: 'Person', value: 'person' },
		],
		default: 'person',
	},
	...face.description,
	...image.description,
	...person.description,
	...parallelRequestsProperties(OPERATIONS),
];

export class MediaAnalysisCelebrityDetection implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Celebrity Detection',
		name: 'mediaAnalysisCelebrityDetection',
		icon: { light: 'file:../../icons/celebrity-detection.svg', dark: 'file:../../icons/celebrity-detection.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Identify known persons in images and keep the persons and faces you enrolled',
		defaults: { name: 'Media Analysis Celebrity Detection' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: PROPERTIES,
	};

	methods = { listSearch: { searchPersons, searchPersonImages } };

	async execute(this: IExecuteFunctions) {
		return await route.call(this, OPERATIONS);
	}
}
