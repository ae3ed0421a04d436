import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchDatasets } from '../shared/methods/listSearch';
import { actionNode } from '../shared/node';
import * as adSegment from './actions/adSegment/AdSegment.resource';

const node = actionNode({
	displayName: 'Media Analysis Ad Segments',
	description: 'Create, get and delete the ad segments of your videos',
	resources: { adSegment },
	defaultResource: 'adSegment',
});

export class MediaAnalysisAdSegments implements INodeType {
	description: INodeTypeDescription = {
		...node.description,
		icon: { light: 'file:../../icons/ad-segments.svg', dark: 'file:../../icons/ad-segments.dark.svg' },
		subtitle: node.subtitle,
		usableAsTool: true,
	};

	methods = { listSearch: { searchDatasets } };

	execute = node.execute;
}
