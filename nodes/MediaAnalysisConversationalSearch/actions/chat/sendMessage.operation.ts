import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import type { ChatRequest, ChatResponse } from '../../../shared/schemas.generated';
import { booleanField, datasetLocator, textField } from '../../../shared/descriptions';
import { notice } from '../../../shared/node';
import { getHistory, HISTORY_FIELD, historyFields } from './history';

export const option = {
	name: 'Send Message',
	description:
		"Ask a question; the answer comes with the videos found, follow-up suggestions and this turn's messages (the whole chat history with Include History)",
	action: 'Send a chat message',
};

export const description: INodeProperties[] = [
	{
		displayName: 'Search In',
		name: 'scope',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'All Datasets',
				value: 'organization',
				description: 'The datasets configured for conversational search in your organization',
			},
			{ name: 'One Dataset', value: 'dataset', description: 'Only the dataset chosen below' },
		],
		default: 'organization',
	},
	datasetLocator({ description: 'The dataset to search', displayOptions: { show: { scope: ['dataset'] } } }),
	textField('Message', 'message', 'e.g. Find clips of surfers at sunset', 'What to ask, in plain language', {
		typeOptions: { rows: 2 },
		required: true,
	}),
	...historyFields,
	booleanField(
		'Include History',
		'includeHistory',
		`Whether to add ${HISTORY_FIELD}, the whole conversation so far, which a later Conversational Search node continues from (Chat History: From Input Item). Off: only this turn.`,
	),
	notice(
		'turnNotice',
		"Returns this turn: the answer, what each search found, follow-ups and this turn's messages (new_chat_messages). To continue the conversation in a later node, turn on Include History.",
		{ show: { includeHistory: [false] } },
	),
];

export const toolDescription =
	"Asks a question about the videos of the media library in plain language, e.g. find clips of surfers at sunset, and gets an answer from the service's search assistant. Needs the question; searches every dataset set up for it unless the node names one. Returns the answer text, the videos each search found and suggested follow-up questions.";

/** The messages the service added in this turn: what follows the history sent, or all it returned if it rewrote it. */
function turnOf(sent: IDataObject[], returned: IDataObject[]): IDataObject[] {
	const kept =
		returned.length >= sent.length &&
		sent.every((message, i) => JSON.stringify(message) === JSON.stringify(returned[i]));
	return kept ? returned.slice(sent.length) : returned;
}

/** new_chat_messages (this turn's) replaces history_chat_messages, which comes back only with Include History. */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const datasetId = item.param<string>('scope', 'organization') === 'dataset' ? await item.datasetId() : undefined;
	const body: ChatRequest = { chat_request_text: item.notEmpty(item.param('message', ''), 'Message') };
	const history = getHistory(item);
	if (history.length > 0) body.history_chat_messages = history;
	// A chat turn changes nothing on the service (the history travels with each request): the table lets it be resent.
	const answer: ChatResponse = datasetId
		? await run.call('chat.sendInDataset', { params: { dataset_id: datasetId }, body, itemIndex })
		: await run.call('chat.send', { body, itemIndex });
	const { history_chat_messages: whole, ...turn } = answer;
	const own: IDataObject = { ...turn, new_chat_messages: turnOf(history, whole as IDataObject[]) };
	if (item.param('includeHistory', false)) own[HISTORY_FIELD] = whole;
	return own;
}
