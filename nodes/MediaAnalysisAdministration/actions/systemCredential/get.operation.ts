import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { redactSecrets } from '../../../shared/http/answers';
import { clientParams, systemCredentialLocator } from './fields';

export const option = {
	name: 'Get',
	description: 'Get a system credential (never its secret)',
	action: 'Get a system credential',
};

export const description: INodeProperties[] = [
	systemCredentialLocator('The system credential to get (its client secret is never shown)'),
];

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject> {
	return redactSecrets(await run.call('admin.getCredentials', { params: clientParams(item), itemIndex }));
}
