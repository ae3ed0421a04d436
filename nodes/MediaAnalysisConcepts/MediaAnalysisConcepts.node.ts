import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchDatasets } from '../shared/methods/listSearch';
import { actionNode } from '../shared/node';
import * as classification from './actions/classification/Classification.resource';
import * as concept from './actions/concept/Concept.resource';
import * as label from './actions/label/Label.resource';
import { getConcepts, searchConcepts } from './methods/conceptLists';

const node = actionNode({
	displayName: 'Media Analysis Concepts',
	description: 'Train visual concepts from labeled images and classify images with them',
	resources: { classification, concept, label },
	defaultResource: 'concept',
	toolDescriptionsLast: true,
});

export class MediaAnalysisConcepts implements INodeType {
	description: INodeTypeDescription = {
		...node.description,
		icon: { light: 'file:../../icons/concepts.svg', dark: 'file:../../icons/concepts.dark.svg' },
		subtitle: node.subtitle,
		usableAsTool: true,
	};

	methods = { listSearch: { searchConcepts, searchDatasets }, loadOptions: { getConcepts } };

	execute = node.execute;
}
