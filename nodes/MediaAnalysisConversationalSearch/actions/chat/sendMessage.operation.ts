import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ChatRequest } from '../../../shared/api';
import { datasetLocator, resolveDatasetId } from '../../../shared/descriptions';
import { callEndpoint } from '../../../shared/endpoints';
import { assertNotEmpty } from '../../../shared/validation';
import { getHistory, historyFields } from './history';

const properties: INodeProperties[] = [
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
	{
		...datasetLocator({ description: 'The dataset to search' }, { byName: true }),
		displayOptions: { show: { scope: ['dataset'] } },
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		required: true,
		placeholder: 'e.g. Find clips of surfers at sunset',
		description: 'What to ask, in plain language',
	},
	...historyFields,
];

export const description = updateDisplayOptions({ show: { resource: ['chat'], operation: ['sendMessage'] } }, properties);

/**
 * One chat turn. The answer keeps the service's fields: chat_response_text, tool_results (what each search found),
 * suggested_follow_ups and history_chat_messages, which the next turn passes back to continue the conversation.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const scope = this.getNodeParameter('scope', itemIndex, 'organization') as string;
	const datasetId = scope === 'dataset' ? await resolveDatasetId.call(this, itemIndex) : undefined;
	const body: ChatRequest = {
		chat_request_text: assertNotEmpty.call(this, this.getNodeParameter('message', itemIndex, ''), 'Message', itemIndex),
	};
	const history = getHistory.call(this, itemIndex);
	if (history.length > 0) body.history_chat_messages = history;
	// A chat turn changes nothing on the service (the history travels with each request): the table lets it be resent.
	return datasetId
		? await callEndpoint(this, 'chat-dataset', { params: { dataset_id: datasetId }, body, itemIndex })
		: await callEndpoint(this, 'chat', { body, itemIndex });
}
