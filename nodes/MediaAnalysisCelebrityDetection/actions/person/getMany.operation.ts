import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { sortCollection, sortQuery } from '../../../shared/sort';

export const option = { name: 'Get Many', description: 'List enrolled persons', action: 'Get many persons' };

export const description: INodeProperties[] = [
	...returnAllOrLimit(undefined, { toolLimit: true }),
	sortCollection(
		[
			{ name: 'Created Date', value: 'created_dt' },
			{ name: 'Name', value: 'name' },
			{ name: 'Status', value: 'status' },
		],
		'name',
		'persons (without it the service chooses the order)',
	),
];

export const toolDescription =
	'Lists the persons enrolled for celebrity detection, up to the Limit. Needs nothing. Returns each person with id, name, aliases and status.';

export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const qs = sortQuery(item);
	return await run.list('celebrities.getPersonsInOrg', { qs, itemIndex, limit: 'parameters' });
}
