import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { withinLimit } from '../../../shared/readers';
import { redactSecrets } from '../../../shared/http/answers';

export const option = {
	name: 'Get Many',
	description: 'List the system credentials (never their secrets)',
	action: 'Get many system credentials',
};

export const description: INodeProperties[] = [...returnAllOrLimit()];

/** The service answers the whole list at once; Limit trims it here. No client secret is ever output. */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const page = item.pageLimit();
	const clients = await run.call('admin.listCredentials', { itemIndex });
	return withinLimit(clients, page).map(redactSecrets);
}
