import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { deletedResult } from '../../../shared/deleted';
import { redactSecrets } from '../../../shared/http/answers';
import { notice } from '../../../shared/node';
import { clientParams, systemCredentialLocator } from './fields';

export const option = {
	name: 'Delete',
	description: 'Delete a system credential and revoke its tokens',
	action: 'Delete a system credential',
};

export const description: INodeProperties[] = [
	notice(
		'deleteNotice',
		'Deletes the system credential for good: every automation that logs in with it stops working at once, and its access tokens are revoked. This cannot be undone.',
	),
	systemCredentialLocator('The system credential to delete'),
];

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	const params = clientParams(item);
	const response = await run.call('admin.deleteCredentials', { params, itemIndex });
	return deletedResult(params.client_id, redactSecrets(response));
}
