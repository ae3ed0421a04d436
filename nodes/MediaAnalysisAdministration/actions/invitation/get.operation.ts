import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { callEndpoint } from '../../../shared/endpoints';
import { invitationLocator, invitationParams } from './fields';

export const description: INodeProperties[] = [invitationLocator('The pending invitation to get')];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await callEndpoint(this, 'admin.getInvitation', { params: invitationParams.call(this, itemIndex), itemIndex });
}
