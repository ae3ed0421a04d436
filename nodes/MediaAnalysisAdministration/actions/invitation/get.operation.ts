import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import { invitationLocator, invitationParams } from './fields';

export const option = { name: 'Get', description: 'Get a pending invitation', action: 'Get an invitation' };

export const description: INodeProperties[] = [invitationLocator('The pending invitation to get')];

export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject> {
	return await run.call('admin.getInvitation', { params: invitationParams.call(this, itemIndex), itemIndex });
}
