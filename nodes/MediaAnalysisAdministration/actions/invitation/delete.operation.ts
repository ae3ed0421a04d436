import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/transport';

import { deletedResult } from '../../../shared/deleted';
import { callEndpoint } from '../../../shared/endpoints';
import { notice } from '../../../shared/node';
import { invitationLocator, invitationParams } from './fields';

export const option = { name: 'Delete', description: 'Withdraw a pending invitation', action: 'Delete an invitation' };

export const description: INodeProperties[] = [
	notice('deleteNotice', 'Withdraws the invitation at once: its link stops working. The person can be invited again.'),
	invitationLocator('The pending invitation to withdraw'),
];

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject> {
	const params = invitationParams.call(this, itemIndex);
	const response = await callEndpoint(run, 'admin.deleteInvitation', { params, itemIndex });
	return deletedResult(params.invitation_id, response);
}
