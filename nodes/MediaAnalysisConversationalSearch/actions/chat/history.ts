import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { textField } from '../../../shared/descriptions';
import type { Item } from '../../../shared/item';

export const HISTORY_FIELD = 'history_chat_messages';

export const historyFields: INodeProperties[] = [
	{
		displayName: 'Chat History',
		name: 'historySource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Using JSON',
				value: 'define',
				description: 'Give the history as JSON or as an expression, e.g. from a node further back',
			},
			{
				name: 'From Input Item',
				value: 'inputItem',
				description:
					'Continue the conversation in a field of the input item, e.g. the output of an earlier Conversational Search node. An item without it starts a new conversation.',
			},
			{ name: 'None (New Conversation)', value: 'none' },
		],
		default: 'inputItem',
	},
	textField(
		'History Field',
		'historyField',
		`e.g. ${HISTORY_FIELD}`,
		'Name of the input item field that holds the history (dots reach into nested fields)',
		{ default: HISTORY_FIELD, required: true, displayOptions: { show: { historySource: ['inputItem'] } } },
	),
	{
		displayName: 'History (JSON)',
		name: 'history',
		type: 'json',
		default: '[]',
		displayOptions: { show: { historySource: ['define'] } },
		description: `The ${HISTORY_FIELD} list of an earlier answer, usually an expression that points at that field of an earlier node. An empty list starts a new conversation.`,
	},
];

function readPath(item: IDataObject, path: string): unknown {
	let value: unknown = item;
	for (const key of path.split('.')) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as IDataObject)[key];
	}
	return value;
}

export function getHistory(item: Item): IDataObject[] {
	const source = item.param<string>('historySource', 'inputItem');
	if (source === 'none') return [];
	const fromItem = source === 'inputItem';
	const field = String(item.param('historyField', HISTORY_FIELD)).trim() || HISTORY_FIELD;
	const parameter = fromItem ? `Chat History (field "${field}")` : 'History (JSON)';
	const input = item.context.getInputData()[item.index]?.json ?? {};
	const raw = fromItem ? readPath(input, field) : item.param('history', '[]');
	if (raw === undefined || raw === null || raw === '') {
		// An answer carries its history only when asked: continuing without it would silently start anew.
		if (fromItem && typeof input.chat_response_text === 'string') {
			throw item.invalid(
				parameter,
				'the input item is an answer of Conversational Search without its history',
				'Turn on Include History in the node that gave this answer, or choose "None (New Conversation)" here.',
			);
		}
		return [];
	}
	const value = item.json(raw, parameter);
	const isMessage = (entry: unknown) => entry !== null && typeof entry === 'object' && !Array.isArray(entry);
	if (!Array.isArray(value) || !value.every(isMessage)) {
		throw item.invalid(
			parameter,
			'it is not a list of chat messages',
			`Pass the ${HISTORY_FIELD} list of an earlier answer unchanged, or choose "None (New Conversation)".`,
		);
	}
	return value as IDataObject[];
}
