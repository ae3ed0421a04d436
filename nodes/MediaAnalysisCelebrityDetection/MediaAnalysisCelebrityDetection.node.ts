import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { toolDescriptionProperties } from '../shared/aiTool';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as face from './actions/face/Face.resource';
import * as image from './actions/image/Image.resource';
import * as person from './actions/person/Person.resource';
import { INGEST_WAIT_VERSION, TOOLS_VERSION } from './actions/versions';
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
		// 1.1: Image's default is Get Many Persons, not Identify Persons; a Limit of 10 as an AI tool. 1.2: Identify
		// waits by the defaults every ingestion shares (actions/versions.ts).
		version: [1, TOOLS_VERSION, INGEST_WAIT_VERSION],
		defaultVersion: INGEST_WAIT_VERSION,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Look up enrolled persons and their faces, keep their aliases, and identify persons in images. Returns persons with their ID, name and aliases, or for each image the persons found in it.',
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
