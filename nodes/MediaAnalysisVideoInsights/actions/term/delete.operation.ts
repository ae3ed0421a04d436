import type { INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { deletedResult } from '../../../shared/deleted';
import { termLocator, termRequest } from './fields';

export const option = { name: 'Delete', description: 'Delete a vocabulary term', action: 'Delete a vocabulary term' };

export const description: INodeProperties[] = [{ ...termLocator, description: 'The vocabulary term to delete' }];

export const toolDescription =
	'Deletes a vocabulary term, so predictions no longer name it. Needs the term ID (a UUID, as Get Many returns it). Returns deleted: true with the ID.';

/** Deletes the term: predictions no longer draw on it. The service's answer ({id, deleted}) comes under `response`. */
export async function execute(itemIndex: number, run: Run, item: Item) {
	const request = termRequest(item);
	const { params } = request;
	const response = await run.call('videoInsights.deleteMetadata', request);
	if (response.deleted === false) {
		throw new NodeOperationError(
			item.node.getNode(),
			`The service answered that term ${params.metadata_id} was not deleted`,
			{
				description:
					'Nothing was deleted. Check the term with Get Many and try again; if it persists, report it to the Media Analysis team.',
				itemIndex,
			},
		);
	}
	return deletedResult(params.metadata_id, response);
}
