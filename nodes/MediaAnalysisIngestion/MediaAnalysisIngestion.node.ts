import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchConnections, searchDatasets } from '../shared/methods/listSearch';
import { actionNode } from '../shared/node';
import * as asset from './actions/asset/Asset.resource';
import * as dataset from './actions/dataset/Dataset.resource';
import * as job from './actions/job/Job.resource';
import { searchIngestJobs } from './methods/searchIngestJobs';

const node = actionNode({
	displayName: 'Media Analysis Ingestion',
	description: 'Add images and videos to datasets, update their metadata and follow ingestion',
	resources: { asset, dataset, job },
	defaultResource: 'job',
	listedFirst: 'job',
	// 1.1: Create From Assets/Images/Videos skip what the dataset already holds by default (Already in Dataset).
	versions: [1, 1.1],
});

export class MediaAnalysisIngestion implements INodeType {
	description: INodeTypeDescription = {
		...node.description,
		icon: { light: 'file:../../icons/ingestion.svg', dark: 'file:../../icons/ingestion.dark.svg' },
		subtitle: node.subtitle,
		usableAsTool: true,
	};

	methods = { listSearch: { searchConnections, searchDatasets, searchIngestJobs } };

	execute = node.execute;
}
