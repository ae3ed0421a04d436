import type { INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { queryLocator, queryParams } from './fields';

export const option = {
	name: 'Cancel',
	description: 'Cancel a queued or running query, at once or gracefully',
	action: 'Cancel a query',
};

export const description: INodeProperties[] = [
	queryLocator(),
	{
		displayName: 'Mode',
		name: 'cancelMode',
		type: 'options',
		options: [
			{
				name: 'At Once',
				value: 'cancel',
				description: 'The query is Stopped at once (a queued, running or stopping query)',
			},
			{
				name: 'Gracefully',
				value: 'stop',
				description: 'The query is asked to stop: it passes through Stopping to Stopped (a queued or running query)',
			},
		],
		default: 'cancel',
		description: 'How the query ends; either way it ends Stopped, without results',
	},
];

export const toolDescription =
	'Cancels a queued or running query at once (it becomes Stopped). Needs the query ID (a UUID). Returns the query with its status.';

/** At Once is the service's cancel, Gracefully its stop (Cancel's Mode says what each does). */
export async function execute(itemIndex: number, run: Run, item: Item) {
	const endpoint = item.param<string>('cancelMode', 'cancel') === 'stop' ? 'queries.stopQuery' : 'queries.cancelQuery';
	return await run.call(endpoint, { params: queryParams(item), itemIndex });
}
