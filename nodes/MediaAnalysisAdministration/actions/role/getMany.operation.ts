import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Item } from '../../../shared/item';
import type { Run } from '../../../shared/run';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { withinLimit } from '../../../shared/readers';
import { readRolesScope, rolesScopeProperties } from '../fields';

export const option = { name: 'Get Many', description: 'List the roles that can be given', action: 'Get many roles' };

export const description: INodeProperties[] = [
	...rolesScopeProperties({
		description: 'Which roles to list',
		all: 'Every role that can be given, system and dataset roles alike',
		system: 'The roles that apply to the whole organization',
		dataset: 'The roles that can be given on one dataset',
	}),
	...returnAllOrLimit(),
];

/** The service answers the whole list at once; Limit trims it here. */
export async function execute(itemIndex: number, run: Run, item: Item): Promise<IDataObject[]> {
	const page = item.pageLimit();
	const { context } = await readRolesScope(item);
	const answer = await run.call('admin.listRoles', { qs: context ? { roles_context: context } : {}, itemIndex });
	return withinLimit(answer.roles, page);
}
