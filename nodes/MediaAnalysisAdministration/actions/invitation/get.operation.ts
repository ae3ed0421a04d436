import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { invitationLocator, invitationParams } from './fields';

export const option = { name: 'Get', description: 'Get a pending invitation', action: 'Get an invitation' };

export const description: INodeProperties[] = [invitationLocator('The pending invitation to get')];

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	return await run.call('admin.getInvitation', { params: invitationParams(item), itemIndex });
}
