import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode } from '../shared/node';
import * as face from './actions/face/Face.resource';
import * as image from './actions/image/Image.resource';
import * as person from './actions/person/Person.resource';
import { searchPersonImages, searchPersons } from './methods/listSearch';

const node = actionNode({
	displayName: 'Media Analysis Celebrity Detection',
	description: 'Identify known persons in images and keep the persons and faces you enrolled',
	resources: { face, image, person },
	defaultResource: 'person',
});

export class MediaAnalysisCelebrityDetection implements INodeType {
	description: INodeTypeDescription = {
		...node.description,
		icon: { light: 'file:../../icons/celebrity-detection.svg', dark: 'file:../../icons/celebrity-detection.dark.svg' },
		subtitle: node.subtitle,
		usableAsTool: true,
	};

	methods = { listSearch: { searchPersons, searchPersonImages } };

	execute = node.execute;
}
