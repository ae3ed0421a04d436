import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { callEndpoint } from '../../../shared/endpoints';
import { invitationLocator, invitationParams } from './fields';

const properties: INodeProperties[] = [invitationLocator('The pending invitation to get')];

export const description = updateDisplayOptions({ show: { resource: ['invitation'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await callEndpoint(this, 'admin.getInvitation', { params: invitationParams.call(this, itemIndex), itemIndex });
}
