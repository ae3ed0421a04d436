import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { deletedResult } from '../../../shared/deleted';
import { notice } from '../../../shared/node';
import { invitationLocator, invitationParams } from './fields';

export const option = { name: 'Delete', description: 'Withdraw a pending invitation', action: 'Delete an invitation' };

export const description: INodeProperties[] = [
	notice('deleteNotice', 'Withdraws the invitation at once: its link stops working. The person can be invited again.'),
	invitationLocator('The pending invitation to withdraw'),
];

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const params = invitationParams(item);
	const response = await run.call('admin.deleteInvitation', { params, itemIndex });
	return deletedResult(params.invitation_id, response);
}
