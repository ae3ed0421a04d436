import type { INodeProperties } from 'n8n-workflow';

import { textField, uuidMode } from '../../../shared/descriptions';
import { listLocator } from '../../../shared/node';
import type { Item } from '../../../shared/item';
import type { ApiRequest } from '../../../shared/transport';
import { kindOf } from '../fields';

export const termTypeField: INodeProperties = {
	displayName: 'Type',
	name: 'termType',
	type: 'options',
	options: [
		{ name: 'Format', value: 'format', description: 'How a video is made, e.g. tutorial, interview' },
		{ name: 'Genre', value: 'genre', description: 'What kind of video it is, e.g. cooking show, documentary' },
		{ name: 'Mood', value: 'mood', description: 'How a video feels, e.g. cheerful, tense' },
		{ name: 'Subject', value: 'subject', description: 'What a video is about, e.g. food, football' },
	],
	default: 'genre',
	description: 'The kind of term: genre, mood, subject or format predictions can name it',
};

export const termLocator = listLocator(
	{
		displayName: 'Term',
		name: 'termId',
		description: 'The vocabulary term (its ID). The list shows the terms of every type.',
	},
	'a term',
	'searchTerms',
	[uuidMode('term')],
);

export const nameField = (required: boolean): INodeProperties =>
	textField('Name', 'name', 'e.g. Cooking Show', 'The term as predictions name it', { required });

export const descriptionField = (required: boolean): INodeProperties =>
	textField(
		'Description',
		'description',
		'e.g. A host prepares a dish step by step in a kitchen',
		'What a video must show to be given this term',
		{ required, typeOptions: { rows: 2 } },
	);

export const examplesField = textField(
	'Examples',
	'examples',
	'e.g. recipe walkthrough',
	'Words or short phrases typical of videos with this term, one per entry (an expression may give a list)',
	{ typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Example' }, default: [] },
);

/** What every request on the item's term carries: its ID (checked), the item, and what a 404 or a 409 means. */
export function termRequest(item: Item) {
	const params = { metadata_id: item.locatorUuid('termId', 'Term') };
	return { params, itemIndex: item.index, explain: explainTerm(params.metadata_id) };
}

/** What a 404 and a 409 mean for a term: no term has that ID, or its name is taken within its type. */
export function explainTerm(termId?: string): NonNullable<ApiRequest['explain']> {
	return ({ status }, details) => {
		if (status === 404 && termId) {
			return {
				message: `Vocabulary term ${termId} not found`,
				description:
					'Check the term: choose it From List, or list the terms of its type with Get Many. A deleted term is gone.',
			};
		}
		if (status === 409) {
			return {
				message: `The name is taken: ${details[0] ?? 'another term of this type has it'}`,
				description:
					'A name is unique within its type. Update the term that has it (Get Many shows it), or choose another name.',
			};
		}
		return undefined;
	};
}

/**
 * The examples as a list of text: the entries of the field (empty ones dropped), or a list or a line-per-example
 * text from an expression. Anything else is refused before sending.
 */
export function readExamples(item: Item, value: unknown): string[] {
	const entries = typeof value === 'string' ? value.split('\n') : Array.isArray(value) ? value : [value];
	const examples: string[] = [];
	entries.forEach((entry, position) => {
		if (entry === null || entry === undefined) return;
		if (typeof entry !== 'string' && typeof entry !== 'number') {
			throw item.invalid(
				'Examples',
				`example ${position + 1} is ${kindOf(entry)}, not text`,
				'Give each example as text: one entry per example, or an expression giving a list of text.',
			);
		}
		const text = String(entry).trim();
		if (text) examples.push(text);
	});
	return examples;
}
