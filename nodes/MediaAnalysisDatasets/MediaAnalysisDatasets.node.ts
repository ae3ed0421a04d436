import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchDatasets } from '../shared/methods/listSearch';
import { actionNode } from '../shared/node';
import * as dataset from './actions/dataset/Dataset.resource';
import * as encoder from './actions/encoder/Encoder.resource';

const node = actionNode({
	displayName: 'Media Analysis Datasets',
	description: 'Create, list, update and delete datasets of images and videos',
	resources: { dataset, encoder },
	defaultResource: 'dataset',
});

export class MediaAnalysisDatasets implements INodeType {
	description: INodeTypeDescription = {
		...node.description,
		icon: { light: 'file:../../icons/datasets.svg', dark: 'file:../../icons/datasets.dark.svg' },
		subtitle: node.subtitle,
		usableAsTool: true,
	};

	methods = { listSearch: { searchDatasets } };

	execute = node.execute;
}
