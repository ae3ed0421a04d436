import type { IExecuteFunctions, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchConnections, searchDatasets } from '../shared/methods/listSearch';
import { toolDescriptionProperties } from '../shared/aiTool';
import { labelledSubtitle } from '../shared/subtitle';
import { parallelRequestsProperties, route, type OperationMap } from '../shared/router';
import * as asset from './actions/asset/Asset.resource';
import * as dataset from './actions/dataset/Dataset.resource';
import * as job from './actions/job/Job.resource';
import { searchIngestJobs } from './methods/searchIngestJobs';

const OPERATIONS: OperationMap = { asset: asset.operations, dataset: dataset.operations, job: job.operations };

const PROPERTIES: INodeProperties[] = [
	...toolDescriptionProperties(OPERATIONS),
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Asset', value: 'asset' },
			{ name: 'Dataset', value: 'dataset' },
			{ name: 'Job', value: 'job' },
		],
		default: 'job',
	},
	...job.description,
	...asset.description,
	...dataset.description,
	...parallelRequestsProperties(OPERATIONS),
];

export class MediaAnalysisIngestion implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Media Analysis Ingestion',
		name: 'mediaAnalysisIngestion',
		icon: { light: 'file:../../icons/ingestion.svg', dark: 'file:../../icons/ingestion.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: labelledSubtitle(PROPERTIES),
		description: 'Add images and videos to datasets, update their metadata and follow ingestion',
		defaults: { name: 'Media Analysis Ingestion' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mediaAnalysisApi', required: true }],
		properties: PROPERTIES,
	};

	methods = { listSearch: { searchConnections, searchDatasets, searchIngestJobs } };

	async execute(this: IExecuteFunctions) {
		return await route.call(this, OPERATIONS);
	}
}
