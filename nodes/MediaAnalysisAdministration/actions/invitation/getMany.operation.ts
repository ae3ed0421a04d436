import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Run } from '../../../shared/transport';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { paginateForItem } from '../../../shared/readers';
import { listEndpoint } from '../../../shared/endpoints';

export const option = { name: 'Get Many', description: 'List the pending invitations', action: 'Get many invitations' };

export const description: INodeProperties[] = [...returnAllOrLimit()];

/** The invitations not yet accepted (an accepted one becomes a user). */
export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject[]> {
	return await paginateForItem.call(this, run, itemIndex, ...listEndpoint('admin.listInvitations'));
}
