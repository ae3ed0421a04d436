import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedResult } from '../../../shared/deleted';
import { callEndpoint } from '../../../shared/endpoints';
import { invitationLocator, invitationParams } from './fields';

const properties: INodeProperties[] = [
	{
		displayName: 'Withdraws the invitation at once: its link stops working. The person can be invited again.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	invitationLocator('The pending invitation to withdraw'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['invitation'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const params = invitationParams.call(this, itemIndex);
	const response = await callEndpoint(this, 'admin.deleteInvitation', { params, itemIndex });
	return deletedResult(params.invitation_id, response);
}
