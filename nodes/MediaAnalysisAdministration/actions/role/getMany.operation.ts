import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { type Run, getPageLimit } from '../../../shared/run';

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
export async function execute(this: IExecuteFunctions, itemIndex: number, run: Run): Promise<IDataObject[]> {
	const page = getPageLimit.call(this, itemIndex);
	const { context } = await readRolesScope.call(this, run, itemIndex);
	const answer = await run.call('admin.listRoles', {
		qs: context ? { roles_context: context } : {},
		itemIndex,
	});
	return withinLimit(answer.roles, page);
}
