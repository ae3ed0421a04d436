import type { INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';
import type { MetadataType } from '../../../shared/schemas.generated';

import { descriptionField, examplesField, nameField, explainTerm, readExamples, termTypeField } from './fields';

export const option = {
	name: 'Create',
	description: 'Add a genre, mood, subject or format term that predictions can name',
	action: 'Create a vocabulary term',
};

export const description: INodeProperties[] = [termTypeField, nameField(true), descriptionField(true), examplesField];

export const toolDescription =
	'Adds a genre, mood, subject or format term to the vocabulary that predictions name. Needs the type (genre, mood, subject or format), a name unique within the type, a description, and optionally example words. Returns the term with its ID.';

/** Adds a term to the vocabulary that predictions of its type draw from; the output is the term with its new ID. */
export async function execute(itemIndex: number, run: Run, item: Item) {
	const response = await run.call('videoInsights.createMetadata', {
		body: {
			metadata_type: item.param<MetadataType>('termType'),
			name: item.notEmpty(item.param('name', ''), 'Name'),
			description: item.notEmpty(item.param('description', ''), 'Description'),
			examples: readExamples(item, item.param('examples', [])),
		},
		itemIndex,
		explain: explainTerm(),
	});
	return response.item;
}
