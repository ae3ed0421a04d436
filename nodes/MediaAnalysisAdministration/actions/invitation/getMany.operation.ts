import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/run';

import { returnAllOrLimit } from '../../../shared/descriptions';

export const option = { name: 'Get Many', description: 'List the pending invitations', action: 'Get many invitations' };

export const description: INodeProperties[] = [...returnAllOrLimit()];

/** The invitations not yet accepted (an accepted one becomes a user). */
export async function execute(itemIndex: number, run: Run): Promise<IDataObject[]> {
	return await run.list('admin.listInvitations', { itemIndex, limit: 'parameters' });
}
