import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { deletedResult } from '../../../shared/deleted';
import { notice } from '../../../shared/node';
import { getUserId, userLocator } from './fields';

export const option = {
	name: 'Remove',
	description: 'Remove a user from the organization',
	action: 'Remove a user from the organization',
};

export const description: INodeProperties[] = [
	notice(
		'removeNotice',
		'Removes the user from the organization at once: they lose access to every dataset. Their account is not deleted, and they can be invited again.',
	),
	userLocator('The user to remove from the organization'),
];

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const userId = await getUserId(item);
	const response = await run.call('admin.removeUser', { params: { user_id: userId }, itemIndex });
	return deletedResult(userId, response);
}
